"""Search & Salvage Deck Simulator: the salvage decks kept between searches, and each search resolved the engine's way.

    state = DeckState.new(content, seed)             # every deck built from the content and shuffled
    result = search(state, roller, dice=3, location="armory")

A search rolls the Wits pool (seeded, or real dice entered as faces), reads the outcome with the engine's
`search_outcome`, draws through the engine's `draw_from` (empty draw piles take their discards, reshuffled by the
state's seeded RNG), picks the jackpot deck with `jackpot_deck` and the card kept from two with `keep_index`.
Hazards are read out with their Heat; every natural 1 is a complication (+1 Heat). Cards kept leave the decks (the
searcher carries them); hazards, Boxes of Ammo (turned into Reload tokens) and the card put back go to their deck's
discard pile, exactly as in a game. `DeckState.new(content, seed)` shuffles the decks in the same order as a game
started with the same seed.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from game.content.defs import ArchetypeDef, Content
from game.rules.decks import draw_from
from game.rules.dice import ones, pool, successes
from game.rules.downed import best_guts_item, guts_pool
from game.rules.heat import complications
from game.rules.search import search_outcome, search_pool, tool_dice
from game.tools.common import Roller, ToolError, check_dice, check_state_header, lookup, pct, read_history, remember
from game.tools.distributions import Dist, pool_dist, pool_joint
from game.world.scavenge import jackpot_deck, keep_index

PLAIN = "core"     # --location core: a plain search token, with no location deck of its own
OUTCOMES = ("failure", "success", "jackpot")


STATE_VERSION = 1
HISTORY = 10       # searches that can be undone (each snapshot holds the RNG's state: about 7 kB)
MAX_SEARCHES = 1_000        # in one command: a whole game has a few dozen, and each is printed
MAX_KEPT_SEARCHES = 10**6   # the most a kept deck state (--state) counts


@dataclass
class DeckState:
    """Every salvage deck between searches. Draw piles are drawn from the end; the RNG reshuffles discards.

    `to_dict()` is plain JSON (the piles, the cards kept, the RNG's state) and `DeckState.from_dict(content, d)`
    checks every field; `undo()` goes back to before the last search (snapshots kept inside the state)."""
    content: Content
    rng: random.Random
    draw: dict[str, list[str]]
    discard: dict[str, list[str]]
    found: list[tuple[str, str]] = field(default_factory=list)     # (deck, card) kept by searchers
    reshuffles: dict[str, int] = field(default_factory=dict)
    searches: int = 0                                              # searches made on these decks
    history: list[dict] = field(default_factory=list)              # {"label", "state"}: before each search

    # --- JSON and undo ----------------------------------------------------------------------------------------------
    def to_dict(self, with_history: bool = True) -> dict:
        version, words, gauss = self.rng.getstate()
        d = {"version": STATE_VERSION, "draw": {k: list(v) for k, v in self.draw.items()},
             "discard": {k: list(v) for k, v in self.discard.items()},
             "found": [[deck, card] for deck, card in self.found], "reshuffles": dict(self.reshuffles),
             "searches": self.searches, "rng": [version, list(words), gauss]}
        if with_history:
            d["history"] = [{"label": h["label"], "state": dict(h["state"])} for h in self.history]
        return d

    @classmethod
    def from_dict(cls, content: Content, d: object) -> DeckState:
        """The decks from their JSON; a ToolError names the first bad field."""
        state = cls._fields(content, d, "")
        state.history = read_history(d, HISTORY, lambda st, where: cls._fields(content, st, where))
        return state

    @classmethod
    def _fields(cls, content: Content, d: object, where: str) -> DeckState:
        check_state_header(d, where, STATE_VERSION, "the decks' fields")
        piles = {}
        for key in ("draw", "discard"):
            value = d.get(key)
            if not isinstance(value, dict) or set(value) != set(content.decks):
                raise ToolError(f"{where}{key}", f"expected a pile for each deck: {', '.join(content.decks)}")
            for deck_id, cards in value.items():
                if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                    raise ToolError(f"{where}{key}.{deck_id}", "expected a list of card ids")
            piles[key] = {k: list(v) for k, v in value.items()}
        found = d.get("found")
        if not isinstance(found, list) or not all(isinstance(f, list) and len(f) == 2 and f[0] in content.decks
                                                  and isinstance(f[1], str) for f in found):
            raise ToolError(f"{where}found", "expected a list of [deck, card]")
        for deck_id, deck in content.decks.items():
            held = piles["draw"][deck_id] + piles["discard"][deck_id] + [c for k, c in found if k == deck_id]
            if sorted(held) != sorted(deck.cards):
                raise ToolError(f"{where}draw.{deck_id}", f"the cards do not make up the {deck.name} (lost, doubled "
                                                          f"or unknown cards): start new decks")
        reshuffles = d.get("reshuffles")
        if not isinstance(reshuffles, dict) or set(reshuffles) != set(content.decks) or not all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 10**6 for n in reshuffles.values()):
            raise ToolError(f"{where}reshuffles", "expected a count for each deck")
        searches = d.get("searches")
        if isinstance(searches, bool) or not isinstance(searches, int) or not 0 <= searches <= MAX_KEPT_SEARCHES:
            raise ToolError(f"{where}searches", f"expected a whole number, got {searches!r}")
        rng = random.Random()
        raw = d.get("rng")
        try:
            version, words, gauss = raw
            if not all(isinstance(w, int) and not isinstance(w, bool) for w in words) or \
                    not (gauss is None or isinstance(gauss, float)):
                raise TypeError
            rng.setstate((version, tuple(words), gauss))
        except (TypeError, ValueError, OverflowError):
            raise ToolError(f"{where}rng", "expected the shuffler's saved state [version, words, null]") from None
        return cls(content, rng, piles["draw"], piles["discard"], [(k, c) for k, c in found], dict(reshuffles),
                   searches)

    def remember(self, label: str) -> None:
        remember(self.history, label, self.to_dict(with_history=False), HISTORY)

    def undo(self) -> str:
        """Back to the decks before the last search (or reset); returns what was undone."""
        if not self.history:
            raise ToolError("undo", "nothing to undo")
        last = self.history.pop()
        back = self._fields(self.content, last["state"], "")
        self.rng, self.draw, self.discard = back.rng, back.draw, back.discard
        self.found, self.reshuffles, self.searches = back.found, back.reshuffles, back.searches
        return last["label"]

    def as_text(self) -> str:
        kept = ", ".join(self.content.gear_name(c) for _, c in self.found) or "nothing"
        return (f"Salvage decks after {self.searches} search{'es' if self.searches != 1 else ''} "
                f"(draw/discard): {_counts_text(self.counts())}\nKept by the survivors: {kept}")

    @classmethod
    def new(cls, content: Content, seed: int = 0, rng: random.Random | None = None) -> DeckState:
        rng = rng or random.Random(seed)
        draw = {}
        for deck_id, deck in content.decks.items():       # the order a game shuffles them in
            cards = list(deck.cards)
            rng.shuffle(cards)
            draw[deck_id] = cards
        return cls(content, rng, draw, {d: [] for d in draw}, [], dict.fromkeys(draw, 0))

    def take(self, deck_id: str) -> tuple[str | None, bool]:
        """The top card of a deck (None when the deck and its discards are empty), and whether it reshuffled."""
        card, reshuffled = draw_from(self.draw[deck_id], self.discard[deck_id], self.rng)
        if reshuffled:
            self.reshuffles[deck_id] += 1
        return card, reshuffled

    def put_back(self, deck_id: str, card: str) -> None:
        """A used-up or unwanted card goes to its deck's discard pile."""
        self.discard[deck_id].append(card)

    def return_found(self) -> int:
        """Put every kept card on its deck's discard pile (the survivors used them up); returns how many."""
        n = len(self.found)
        if n:
            self.remember("cards returned")
        for deck_id, card in self.found:
            self.put_back(deck_id, card)
        self.found.clear()
        return n

    def counts(self) -> dict[str, dict[str, int]]:
        return {d: {"draw": len(self.draw[d]), "discard": len(self.discard[d])} for d in self.draw}


@dataclass(frozen=True)
class Searcher:
    """Who searches: the dice they roll, how many natural 1s pass silently, and their Guts for hazard tests."""
    name: str
    dice: int
    parts: tuple[tuple[str, int], ...] = ()
    ignore_ones: int = 0
    guts: int | None = None               # Guts dice before items; None: hazard Guts tests are only described
    guts_items: tuple[str, ...] = ()      # Guts items carried (the best is used up on a hazard's Guts test)


@dataclass(frozen=True)
class HazardResult:
    card: str
    name: str
    text: str
    effect: str
    heat: int                             # Heat the hazard itself makes
    faces: tuple[int, ...] = ()           # the Guts test, when rolled
    passed: bool | None = None            # None: not rolled
    wounds: int = 0                       # wounds taken (failed test)
    item_used: str = ""


@dataclass(frozen=True)
class SearchResult:
    number: int
    dice: int
    faces: tuple[int, ...]
    outcome: str                          # failure | success | jackpot
    deck: str                             # deck drawn from ("" on a failure)
    drawn: tuple[str, ...]                # card ids in the order drawn
    kept: str | None                      # the card that reaches the searcher (or the hazard that strikes)
    put_back: str | None                  # draw 2 keep 1: the other card
    hazard: HazardResult | None
    heat: int                             # all the Heat this search made
    heat_parts: tuple[tuple[str, int], ...]
    lines: tuple[str, ...]                # what happened, in words
    counts: dict[str, dict[str, int]]     # the decks afterwards
    reshuffled: tuple[str, ...] = ()

    def as_text(self) -> str:
        heat = ", ".join(f"{label} +{n}" for label, n in self.heat_parts)
        return "\n".join([f"Search {self.number}: {self.outcome.upper()}", *(f"  {line}" for line in self.lines),
                          f"  Heat: {self.heat}" + (f" ({heat})" if heat else "")])


@dataclass(frozen=True)
class ScavengeRun:
    searcher: Searcher
    location: str
    odds: dict[str, Fraction]             # failure / success / jackpot for one search with this pool
    complication_heat: Dist               # Heat from natural 1s on one search roll
    results: tuple[SearchResult, ...]
    faces_left: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    content: Content | None = None        # for as_text (deck and card names)

    def as_text(self) -> str:
        return render(self, self.content)


def search_odds(dice: int, need: int = 4, ignore_ones: int = 0) -> tuple[dict[str, Fraction], Dist]:
    """Exact chances of each outcome of one search with this pool, and of the Heat its natural 1s make."""
    joint = pool_joint(dice, need, lambda faces: search_outcome(faces, need))
    odds = {o: joint.get(o, Fraction(0)) for o in OUTCOMES}
    return odds, pool_dist(dice, need, lambda faces: complications(ones(faces), ignore_ones))


def searcher_from(content: Content, *, dice: int | None = None, archetype: str | None = None,
                  guts: int | None = None) -> Searcher:
    """A searcher from a dice pool (`dice`) or an archetype (Wits + skill + best tool carried, as the engine)."""
    if dice is None and archetype is None:
        raise ToolError("--wits", "give the Wits dice, or an --archetype to take them from")
    check_dice(dice, "--wits", low=1)
    check_dice(guts, "--guts")
    arch: ArchetypeDef | None = lookup(content.archetypes, archetype, "--archetype", "archetype") if archetype \
        else None
    if arch is None:
        return Searcher("the searcher", dice, (("Wits", dice),), guts=guts)
    skill = content.skills[arch.skill]
    skill_dice = int(skill.effects.get("search_dice", 0))
    tool = tool_dice([*arch.weapons, *arch.items], content)
    total = search_pool(arch.wits, skill_dice, tool) if dice is None else dice
    if dice is not None:
        parts: tuple[tuple[str, int], ...] = (("Wits", dice),)
    else:
        parts = (("Wits", arch.wits),) + (((skill.name, skill_dice),) if skill_dice else ()) + \
            ((("tool", tool),) if tool else ())
    guts_dice = guts if guts is not None else arch.guts + int(skill.effects.get("guts_dice", 0))
    items = tuple(i for i in arch.items if content.items[i].guts_dice)
    return Searcher(arch.name, total, parts, int(skill.effects.get("ignore_complications", 0)), guts_dice, items)


def _hazard(content: Content, card: str, roller: Roller, searcher: Searcher, items: list[str],
            number: int) -> tuple[HazardResult, list[str], list[tuple[str, int]]]:
    hz = content.hazards[card]
    lines = [f"Hazard! {hz.name}: {hz.text}"]
    heat: list[tuple[str, int]] = []
    if hz.effect == "heat":
        heat.append((hz.name, hz.amount))
        return HazardResult(card, hz.name, hz.text, hz.effect, hz.amount), lines, heat
    if hz.effect == "wound_test":
        if searcher.guts is None:
            lines.append(f"Guts test: no success means {hz.amount} wound{'s' if hz.amount > 1 else ''} "
                         f"(give --guts to roll it)")
            return HazardResult(card, hz.name, hz.text, hz.effect, 0), lines, heat
        used = ""
        item_dice = best_guts_item(content.items[i].guts_dice for i in items)
        if item_dice:
            used = next(i for i in items if content.items[i].guts_dice == item_dice)
            items.remove(used)
        dice = guts_pool(searcher.guts, 0, item_dice)
        faces = roller.d6(pool(dice), f"the Guts test against {hz.name} (search {number})")
        passed = successes(faces, content.rules.success) > 0
        made = complications(ones(faces), searcher.ignore_ones)
        if made:
            heat.append(("natural 1s on the Guts test", made))
        using = f", using {content.items[used].name}" if used else ""
        lines.append(f"Guts test, {len(faces)} dice{using}: {' '.join(map(str, faces))} - " +
                     ("passed, no harm done" if passed else f"failed: {hz.amount} wound{'s' if hz.amount > 1 else ''}"))
        return HazardResult(card, hz.name, hz.text, hz.effect, 0, faces, passed, 0 if passed else hz.amount,
                            used), lines, heat
    if hz.effect == "spawn_adjacent":
        zname = content.zombies[hz.zombie].name if hz.zombie in content.zombies else hz.zombie
        lines.append(f"Place {hz.amount} {zname}{'s' if hz.amount > 1 else ''} in contact with the searcher "
                     f"(or as close as there is room)")
    return HazardResult(card, hz.name, hz.text, hz.effect, 0), lines, heat


def search(state: DeckState, roller: Roller, searcher: Searcher, location: str = PLAIN, *, number: int = 1,
           scenario_deck: str = "core", guts_items: list[str] | None = None) -> SearchResult:
    """One Search action, resolved against the decks in `state` (which it changes)."""
    if location != PLAIN and location not in state.draw:
        raise ToolError("--location", f"unknown location {location!r}; known: {PLAIN}, "
                                      f"{', '.join(d for d in state.draw if d != 'core')}")
    items = guts_items if guts_items is not None else list(searcher.guts_items)
    state.remember(f"search {state.searches + 1}")
    state.searches += 1
    try:
        return _search(state, roller, searcher, location, number, scenario_deck, items)
    except ToolError:           # out of entered dice half-way: the decks stay as they were
        state.undo()
        raise


def _search(state: DeckState, roller: Roller, searcher: Searcher, location: str, number: int, scenario_deck: str,
            items: list[str]) -> SearchResult:
    content = state.content
    need = content.rules.success
    faces = roller.d6(pool(searcher.dice), f"search {number}")
    outcome = search_outcome(faces, need)
    heat: list[tuple[str, int]] = []
    made = complications(ones(faces), searcher.ignore_ones)
    if made:
        heat.append(("natural 1s", made))
    hits = successes(faces, need)
    lines = [f"{len(faces)} dice: {' '.join(map(str, faces))} - {hits} success{'es' if hits != 1 else ''}"]
    deck, drawn, kept, other, hazard, reshuffled = "", [], None, None, None, []

    def take(deck_id: str) -> str | None:
        card, again = state.take(deck_id)
        if again:
            reshuffled.append(deck_id)
            lines.append(f"The {content.decks[deck_id].name} is reshuffled from its discards")
        if card is not None:
            drawn.append(card)
        return card

    if outcome == "failure":
        lines.append("Nothing of use: the token stays for another try")
    else:
        token = "" if location == PLAIN else location
        deck = jackpot_deck(token, scenario_deck, state.draw) if outcome == "jackpot" else "core"
        if outcome == "jackpot" and deck:
            lines.append(f"Jackpot! A natural 6: draw from the {content.decks[deck].name}")
            cards = [take(deck)]
        elif outcome == "jackpot":
            deck = "core"
            lines.append(f"Jackpot! A natural 6 on a plain token: draw two from the {content.decks['core'].name}, "
                         f"keep one")
            pair = [c for c in (take("core"), take("core")) if c is not None]
            if len(pair) == 2:
                k = keep_index(content, pair)
                other = pair[1 - k]
                state.put_back("core", other)
                cards = [pair[k]]
                if pair[k] in content.hazards:
                    lines.append(f"Both are hazards: the first, {content.gear_name(pair[k])}, strikes; "
                                 f"{content.gear_name(other)} is discarded")
                else:
                    lines.append(f"Keeps {content.gear_name(pair[k])}, puts back {content.gear_name(other)}")
            else:
                cards = pair
        else:
            lines.append(f"A find: draw one from the {content.decks['core'].name}")
            cards = [take("core")]
        for card in cards:
            if card is None:
                lines.append("The deck is picked clean")
                continue
            kept = card
            if card in content.hazards:
                hazard, more, hz_heat = _hazard(content, card, roller, searcher, items, number)
                lines += more
                heat += hz_heat
                state.put_back(deck, card)
            elif card in content.items and content.items[card].kind == "ammo":
                lines.append(f"{content.gear_name(card)}: {content.items[card].reloads} Reload tokens "
                             f"(the card is discarded)")
                state.put_back(deck, card)
            else:
                lines.append(f"Found: {content.gear_name(card)}")
                state.found.append((deck, card))
    total = sum(n for _, n in heat)
    return SearchResult(number, len(faces), tuple(faces), outcome, deck, tuple(drawn), kept, other, hazard, total,
                        tuple(heat), tuple(lines), state.counts(), tuple(reshuffled))


def simulate(content: Content, *, dice: int | None = None, archetype: str | None = None, location: str = PLAIN,
             searches: int = 1, seed: int = 0, faces: Sequence[int] | None = None, guts: int | None = None,
             state: DeckState | None = None) -> ScavengeRun:
    """`searches` searches in a row at one kind of token, on one deck state (new and seeded unless given)."""
    if not 1 <= searches <= MAX_SEARCHES:
        raise ToolError("--searches", f"must be 1 to {MAX_SEARCHES:,} (each search is printed), not {searches:,}")
    searcher = searcher_from(content, dice=dice, archetype=archetype, guts=guts)
    state = state or DeckState.new(content, seed)
    if state.searches + searches > MAX_KEPT_SEARCHES:
        raise ToolError("--state", f"these decks have had {state.searches:,} searches: {searches:,} more would pass "
                                   f"the {MAX_KEPT_SEARCHES:,} a kept state counts; start new decks")
    # entered faces are the searcher's; the deck shuffles still come from the seed
    roller = Roller(rng=state.rng) if faces is None else Roller(faces=faces)
    items = list(searcher.guts_items)
    results = tuple(search(state, roller, searcher, location, number=i + 1, guts_items=items)
                    for i in range(searches))
    odds, heat = search_odds(searcher.dice, content.rules.success, searcher.ignore_ones)
    notes = []
    if roller.entered and roller.left:
        notes.append(f"{len(roller.left)} entered face(s) not used: {' '.join(map(str, roller.left))}")
    return ScavengeRun(searcher, location, odds, heat, results, roller.left, tuple(notes), content)


# --- output ----------------------------------------------------------------------------------------------------------

def _counts_text(counts: dict[str, dict[str, int]]) -> str:
    return "  ".join(f"{d} {c['draw']}/{c['discard']}" for d, c in counts.items())


def render(run: ScavengeRun, content: Content) -> str:
    s = run.searcher
    parts = " + ".join(f"{label} {n}" for label, n in s.parts)
    if run.location == PLAIN:
        where = "a plain token"
    else:
        article = "an" if run.location[0] in "aeiou" else "a"
        where = f"{article} {run.location} token ({content.decks[run.location].name} on a jackpot)"
    who = "" if s.name == "the searcher" else f"{s.name}, "
    lines = [f"Search & Salvage at {where}: {who}{s.dice} dice ({parts}), hits on {content.rules.success}+"]
    lines.append(f"  Odds per search: nothing {pct(run.odds['failure'])}   a find {pct(run.odds['success'])}   "
                 f"jackpot {pct(run.odds['jackpot'])}   expected Heat from 1s "
                 f"{float(run.complication_heat.mean()):.2f}")
    for r in run.results:
        lines.append("")
        lines.append(f"Search {r.number}: {r.outcome.upper()}")
        lines += [f"  {line}" for line in r.lines]
        heat = ", ".join(f"{label} +{n}" for label, n in r.heat_parts)
        lines.append(f"  Heat: {r.heat}" + (f" ({heat})" if heat else ""))
        lines.append(f"  Decks (draw/discard): {_counts_text(r.counts)}")
    kept = [r.kept for r in run.results if r.kept and r.kept not in content.hazards
            and not (r.kept in content.items and content.items[r.kept].kind == "ammo")]
    if len(run.results) > 1:
        lines.append("")
        lines.append(f"Found in {len(run.results)} searches: " + (", ".join(content.gear_name(k) for k in kept)
                                                                  if kept else "nothing to keep") +
                     f"; Heat {sum(r.heat for r in run.results)} in all")
    for note in run.notes:
        lines.append(f"Note: {note}")
    return "\n".join(lines)


def to_json(run: ScavengeRun) -> dict:
    return {
        "searcher": {"name": run.searcher.name, "dice": run.searcher.dice,
                     "parts": [[label, n] for label, n in run.searcher.parts]},
        "location": run.location,
        "odds": {k: float(v) for k, v in run.odds.items()},
        "complication_heat": {str(k): float(v) for k, v in run.complication_heat.items()},
        "searches": [{
            "number": r.number, "faces": list(r.faces), "outcome": r.outcome, "deck": r.deck,
            "drawn": list(r.drawn), "kept": r.kept, "put_back": r.put_back,
            "hazard": None if r.hazard is None else {
                "card": r.hazard.card, "effect": r.hazard.effect, "heat": r.hazard.heat,
                "faces": list(r.hazard.faces), "passed": r.hazard.passed, "wounds": r.hazard.wounds},
            "heat": r.heat, "heat_parts": [[label, n] for label, n in r.heat_parts],
            "lines": list(r.lines), "decks": r.counts, "reshuffled": list(r.reshuffled),
        } for r in run.results],
        "notes": list(run.notes),
    }
