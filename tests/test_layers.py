"""Architecture rules as tests: the layers import one way, and no module of the game imports another inside a
function (a function-local import that dodges a cycle is still a cycle). Only cli.py, the top, opens the screens
lazily, so that `python main.py run` never loads pygame."""
import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"
# Lower layers never import higher ones: content -> rules -> world -> ai -> sim/tools -> tutorial -> ui -> cli.
LAYERS = {"content": 0, "rules": 1, "world": 2, "ai": 3, "sim": 4, "tools": 4, "tutorial": 5, "ui": 6, "cli": 7}
LAZY = {"cli"}


def modules():
    for path in sorted(GAME.rglob("*.py")):
        rel = path.relative_to(GAME.parent).with_suffix("")
        yield path, rel.parts[1] if len(rel.parts) > 1 else None, ast.parse(path.read_text(encoding="utf-8"))


def imported(node) -> list[str]:
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        return [node.module]
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    return []


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.get(parts[1]) if parts[0] == "game" and len(parts) > 1 else None


def test_layers_import_one_way():
    wrong = []
    for path, package, tree in modules():
        mine = LAYERS.get(package)
        if mine is None:
            continue
        for node in ast.walk(tree):
            for name in imported(node):
                theirs = layer_of(name)
                if theirs is not None and theirs > mine:
                    wrong.append(f"{path.relative_to(GAME.parent)}:{node.lineno} imports {name}")
    assert not wrong, "\n".join(wrong)


def test_modules_import_only_at_the_top():
    wrong = []
    for path, package, tree in modules():
        if package in LAYERS and package in LAZY:
            continue
        for func in ast.walk(tree):
            if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(func):
                    if any(name.startswith("game") for name in imported(node)):
                        wrong.append(f"{path.relative_to(GAME.parent)}:{node.lineno}")
    assert not wrong, "function-local imports of game modules:\n" + "\n".join(wrong)


def test_the_checker_sees_an_upward_import():
    tree = ast.parse("from game.ui.app import Scene\n")
    assert [layer_of(n) for node in ast.walk(tree) for n in imported(node)] == [LAYERS["ui"]]
