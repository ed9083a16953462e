"""The fixtures the campaign tests share: `content` once a module, and `camp`, a new campaign (seed 7) for each
test. Import them by their function names; tests ask for them by the fixture names."""
from __future__ import annotations

import pytest

from game.campaign import rules as R
from game.content.loader import load_content


@pytest.fixture(scope="module", name="content")
def campaign_content():
    return load_content()


@pytest.fixture(name="camp")
def new_camp(content):
    return R.new_campaign(content, "Test", 7)
