"""LessonRunner: one lesson played on the real engine, step by step, with no screen.

    runner = LessonRunner(lesson, content)            # builds the lesson's Session
    outcome = runner.submit(A.Move(who, cell))        # the same Action classes the game uses
    outcome.kind: refused | ok | wrong | step_done | director
    runner.proceed()                                  # after reading a step's explanation (or an info page)

How a step is judged: an action the step expects (its kind, who does it, the target or cells named) is submitted to
the engine; if the step names conditions (`until`), they are checked on the resulting Session and its new events.
An action the engine refuses changes nothing and is passed back with the engine's reason, unless trying it *was*
the step (`refused: true`). Harmless actions (starting the right survivor's activation, ending one with no AP left)
are let through. Anything else the engine accepted is a wrong action: the lesson is rewound to the start of the
step (a fresh Session, the kept actions replayed with the same dice) and the step's hint is given.

Dice: each step scripts its own faces (`faces:`), used in order by every roll in that step; when they run out (or a
step scripts none) the dice are free, from a seed of their own for each attempt, so a retry rolls afresh and a
replay rolls the same.
"""
from __future__ import annotations

import json
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from game.ai.director_policy import DirectorAI
from game.content.defs import Content, Task
from game.content.files import atomic_write, home_dir
from game.content.jsonio import read_json
from game.rules.dice import ScriptedDice
from game.tutorial.lessons import Lesson, Step
from game.world import actions as A
from game.world.action_registry import save_name
from game.world.components import Health, Inventory, Status, Turn
from game.world.events import Event
from game.world.session import GameOver, Impossible, Session

# Events worth repeating under a step's explanation ("what happened"), by kind.
HAPPENED = ("attack", "roll", "wound", "killed", "heat", "downed", "revive", "purchase", "frenzy", "escape", "status",
            "spawn", "eliminated", "order", "shriek", "item")


class LessonDice(ScriptedDice):
    """The lesson's dice: the current step's scripted faces first, then free faces from a per-attempt seed."""

    def __init__(self):
        super().__init__([], fallback=random.Random(0))
        self.scripted_rolled = 0
        self.free_rolled = 0

    def load(self, faces, seed: str) -> None:
        self.faces = list(faces)
        self.rng = random.Random(seed)

    def d6(self, n: int) -> tuple[int, ...]:
        take, self.faces = self.faces[:n], self.faces[n:]
        self.scripted_rolled += len(take)
        self.free_rolled += n - len(take)
        return tuple(take) + tuple(self.rng.randint(1, 6) for _ in range(n - len(take)))


class NoPurchases:
    """A Director that buys nothing: the lessons that are not about Heat keep the street as it is (a lesson device:
    in a real game all Heat must be spent)."""
    may_decline = True

    def choose(self, s, left):
        return None


@dataclass(frozen=True)
class Outcome:
    kind: str                     # refused | ok | wrong | step_done | director
    message: str = ""             # the engine's reason (refused), the hint (wrong), or the explanation (step_done)


@dataclass
class Explanation:
    """Shown when a step is done: why, and the lines of the log that matter."""
    step: Step
    text: str
    happened: list[str] = field(default_factory=list)
    engine_said: str = ""         # the refusal the step was about


def build_session(lesson: Lesson, content: Content, dice: LessonDice) -> tuple[Session, dict[str, int]]:
    """A fresh Session of the lesson (its board, team, zombies and setup) and its labels -> entity ids."""
    base = next(iter(content.scenarios.values()))
    task = Task("tutorial", "extract", lesson.goal, count=1)     # a lesson without exit cells never ends it
    scenario = replace(base, id=f"tutorial_{lesson.id}", name=lesson.title, blurb=lesson.goal,
                       map=lesson.map_def.id, ambient_heat=lesson.ambient_heat, doom_length=10, doom_events={},
                       events=(), tasks=(task,), objective_items=(),
                       team=tuple(m.archetype for m in lesson.team), team_min=1, team_max=8,
                       initial_zombies=tuple((z.kind, z.x, z.y) for z in lesson.zombies), patrol=())
    policy = NoPurchases() if lesson.director == "none" else DirectorAI()
    s = Session(content, scenario, seed=lesson.seed, dice=dice, map_def=lesson.map_def, policy=policy)
    labels: dict[str, int] = {}
    for member, eid in zip(lesson.team, s.survivors(), strict=True):
        labels[member.label] = eid
    for z in lesson.zombies:
        labels[z.label] = s.occupant[s.board.idx(z.x, z.y)]
    for label, fix in lesson.setup.items():
        eid = labels[label]
        if "gear" in fix:
            inv = s.comp(eid, Inventory)
            for gid in fix["gear"]:
                inv.gear.append(s._new_gear(gid, ""))
        if "reloads" in fix:
            s.comp(eid, Inventory).reloads = int(fix["reloads"])
        if "wounds" in fix:
            health = s.comp(eid, Health)
            health.wounds = int(fix["wounds"])
            if s.is_survivor(eid) and health.wounds == 0:
                s.go_down(eid)
            elif s.is_zombie(eid) and health.wounds == 0:
                s.kill_zombie(eid)
    s.update_engagement()
    return s, labels


class LessonRunner:
    """Plays one lesson: holds its Session, the current step and what the player has done so far."""

    def __init__(self, lesson: Lesson, content: Content, *, auto_director: bool = True,
                 progress: Progress | None = None):
        self.lesson = lesson
        self.content = content
        self.auto_director = auto_director      # False: the screen plays the Director Phase and calls director_done
        self.progress = progress
        self.dice = LessonDice()
        self.session: Session | None = None
        self.labels: dict[str, int] = {}
        self.index = 0                          # the current step
        self.state = "act"                      # act | director | explain | finished
        self.history: list[tuple[int, object]] = []   # (step index, action) kept, in order
        self.attempts = [0] * len(lesson.steps)
        self.retries = 0                        # wrong actions over the whole lesson
        self.hint = ""                          # the last hint given (wrong action), shown until the step is done
        self.refusal = ""                       # the engine's last refusal
        self.explanation: Explanation | None = None
        self.leftover: dict[str, list[int]] = {}     # step id -> scripted faces it did not use (a data problem)
        self.step_actions = 0                   # expected actions taken in the current step
        self._mark = 0                          # events before the current step began
        self.rebuilds = 0
        self._rebuild(keep=0)

    # --- what the screen reads ---------------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.state == "finished"

    def eid(self, label: str) -> int | None:
        """The entity a label names, while it is still on the board (None once destroyed or gone)."""
        eid = self.labels.get(label)
        s = self.session
        if eid is None:
            return None
        if s.is_zombie(eid) or eid in s.survivors():
            return eid
        return None

    def label_of(self, eid: int) -> str:
        return next((lb for lb, e in self.labels.items() if e == eid), "")

    def cell(self, x: int, y: int) -> int:
        return self.session.board.idx(x, y)

    def step_events(self) -> list[Event]:
        return self.session.events[self._mark:]

    # --- playing -----------------------------------------------------------------------------------------------
    def submit(self, action) -> Outcome:
        step = self.step
        if self.state == "finished":
            return Outcome("refused", "the lesson is over")
        if self.state == "explain":
            return Outcome("refused", "read the note, then Continue")
        if self.state == "director":
            return Outcome("refused", "wait for the Director's turn to end")
        if step is None or step.info:
            return Outcome("refused", "read the page, then Continue")
        s = self.session
        expected = step.expect is not None and self._matches(step, action)
        neutral = not expected and self._neutral(step, action)
        try:
            s.submit(action)
        except Impossible as exc:
            self.refusal = str(exc)
            if expected and step.expect.refused:
                return self._complete(engine_said=str(exc))
            return Outcome("refused", str(exc))
        except GameOver:
            return Outcome("refused", "the lesson's game is over")
        self.refusal = ""
        self.history.append((self.index, action))
        if expected and not step.expect.refused:
            self.step_actions += 1
            if isinstance(action, A.EndSurvivorPhase) and s.in_director:
                if not self.auto_director:
                    self.state = "director"
                    return Outcome("director")
                s.run_director()
            return self._evaluate()
        if neutral or save_name(action) in step.allow:
            if isinstance(action, A.EndSurvivorPhase) and s.in_director and self.auto_director:
                s.run_director()
            if self._stuck():
                return self._wrong(action)
            return Outcome("ok")
        return self._wrong(action)

    def director_done(self) -> Outcome:
        """The screen has played the Director Phase through: judge the step now."""
        if self.state != "director":
            return Outcome("ok")
        self.state = "act"
        return self._evaluate()

    def proceed(self) -> None:
        """Leave a step's explanation (or an info page) for the next step; the last one finishes the lesson."""
        if self.state == "explain" or (self.state == "act" and self.step is not None and self.step.info):
            self.explanation = None
            self._advance()

    def retry(self) -> None:
        """Put the board back as it was when this step began (fresh free dice)."""
        if self.state in ("act", "director") and self.step is not None:
            self.attempts[self.index] += 1
            self.hint = ""
            self._rebuild(keep=self._kept())

    def close(self) -> None:
        if self.session is not None:
            self.session.close()

    # --- judging -----------------------------------------------------------------------------------------------
    def _matches(self, step: Step, action) -> bool:
        exp = step.expect
        if save_name(action) not in exp.actions:
            return False
        s = self.session
        if exp.who and getattr(action, "who", None) != self.labels.get(exp.who):
            return False
        if exp.target and getattr(action, "target", None) != self.labels.get(exp.target):
            return False
        if exp.ally and getattr(action, "ally", None) != self.labels.get(exp.ally):
            return False
        if exp.cells:
            where = getattr(action, "dest", getattr(action, "cell", None))
            if where is None or where not in {s.board.idx(x, y) for x, y in exp.cells}:
                return False
        if exp.weapon:
            uid = getattr(action, "weapon", None)
            who = getattr(action, "who", None)
            if uid is None or who is None or not s.is_survivor(who):
                return False
            gear = next((g for g in s.comp(who, Inventory).gear if g.uid == uid), None)
            if gear is None or gear.gear_id != exp.weapon:
                return False
        return True

    def _neutral(self, step: Step, action) -> bool:
        """Actions that do no harm to the step: starting the activation of the survivor it is about, ending an
        activation that has no AP left."""
        s = self.session
        who = self.labels.get(step.expect.who) if step.expect and step.expect.who else None
        if isinstance(action, A.Activate):
            return who is not None and action.who == who
        if isinstance(action, A.EndActivation):
            return s.active == action.who and s.comp(action.who, Turn).ap <= 0 and action.who != who
        return False

    def _stuck(self) -> bool:
        """After a harmless-looking action: can the step's survivor still do what the step asks this round?"""
        step, s = self.step, self.session
        if step.expect is None or not step.expect.who or "EndSurvivorPhase" in step.expect.actions:
            return False
        who = self.labels.get(step.expect.who)
        if who not in s.survivors():
            return True
        return s.comp(who, Turn).activated and s.active != who

    def _evaluate(self) -> Outcome:
        step = self.step
        if self._holds(step.until):
            return self._complete()
        s = self.session
        who = self.labels.get(step.expect.who) if step.expect.who else s.active
        out_of_ap = who is None or who not in s.survivors() or (s.active == who and s.comp(who, Turn).ap <= 0)
        if (step.max_actions is not None and self.step_actions >= step.max_actions) or out_of_ap or s.result:
            return self._wrong(None)
        return Outcome("ok")

    def _holds(self, until: Mapping[str, object]) -> bool:
        s = self.session

        def on_board(label: str) -> int | None:
            return self.eid(label)

        for key, value in until.items():
            if key == "at":
                for label, cells in value.items():
                    eid = on_board(label)
                    if eid is None or s.cell(eid) not in {s.board.idx(x, y) for x, y in cells}:
                        return False
            elif key in ("engaged", "not_engaged"):
                for label in value:
                    eid = on_board(label)
                    if eid is None or s.is_engaged(eid) != (key == "engaged"):
                        return False
            elif key == "escaped":
                if not all(s.comp(self.labels[lb], Status).escaped for lb in value):
                    return False
            elif key == "destroyed":
                if any(s.is_zombie(self.labels[lb]) for lb in value):
                    return False
            elif key == "alive":
                if not all(s.is_zombie(self.labels[lb]) or self.labels[lb] in s.survivors() for lb in value):
                    return False
            elif key in ("downed", "standing"):
                for label in value:
                    eid = on_board(label)
                    if eid is None or s.comp(eid, Status).downed != (key == "downed"):
                        return False
            elif key == "aiming":
                if not all(on_board(lb) is not None and s.comp(self.labels[lb], Turn).aiming for lb in value):
                    return False
            elif key == "hunkered":
                if not all(on_board(lb) is not None and s.comp(self.labels[lb], Status).hunkered for lb in value):
                    return False
            elif key == "event":
                kinds = {e.kind for e in self.step_events()}
                if not all(k in kinds for k in value):
                    return False
            elif key == "round":
                if s.round != value:
                    return False
            elif key == "phase":
                if s.phase != value:
                    return False
            elif key == "engagers":
                for label, n in value.items():
                    eid = on_board(label)
                    if eid is None or len(s.engagers(eid)) != n:
                        return False
            elif key == "wounds":
                for label, n in value.items():
                    eid = self.labels[label]
                    if s.comp(eid, Health).wounds != n:
                        return False
            elif key == "heat_at_least":
                if s.heat < value:
                    return False
            elif key == "heat_at_most":
                if s.heat > value:
                    return False
        return True

    def _complete(self, engine_said: str = "") -> Outcome:
        step = self.step
        if self.dice.faces:
            self.leftover[step.id] = list(self.dice.faces)
        happened = [e.text for e in self.step_events() if e.kind in HAPPENED and not
                    (e.kind == "heat" and "amount" not in e.data)]
        self.explanation = Explanation(step, step.explain, happened[-10:], engine_said)
        self.hint = ""
        self.state = "explain"
        if self.index == len(self.lesson.steps) - 1 and self.progress is not None:
            self.progress.mark_done(self.lesson.id, self.retries)
        return Outcome("step_done", step.explain)

    def _wrong(self, action) -> Outcome:
        step = self.step
        self.retries += 1
        self.attempts[self.index] += 1
        kind = save_name(action) if action is not None else ""
        hint = step.hints.get(kind) or step.hint
        who = self.labels.get(step.expect.who) if step.expect is not None and step.expect.who else None
        if who is not None and kind not in step.hints and getattr(action, "who", who) != who:
            hint = f"This step is for the {self.session.name(who)}. {hint}"
        self._rebuild(keep=self._kept())
        self.hint = hint
        return Outcome("wrong", self.hint)

    def _kept(self) -> int:
        """How many history entries came before the current step."""
        return sum(1 for k, _ in self.history if k < self.index)

    def _advance(self) -> None:
        self.index += 1
        if self.index >= len(self.lesson.steps):
            self.state = "finished"
            return
        self.state = "act"
        self._start_step()

    def _start_step(self) -> None:
        self.step_actions = 0
        self.hint = ""
        self.refusal = ""
        step = self.step
        self.dice.load(step.faces, self._seed(self.index))
        self._mark = len(self.session.events)

    def _seed(self, k: int) -> str:
        return f"{self.lesson.id}:{self.lesson.seed}:{k}:{self.attempts[k]}"

    def _rebuild(self, keep: int) -> None:
        """A fresh Session with the first `keep` kept actions replayed, each step's with that step's dice."""
        if self.session is not None:
            self.session.close()
        self.rebuilds += 1
        self.history = self.history[:keep]
        self.session, self.labels = build_session(self.lesson, self.content, self.dice)
        s = self.session
        loaded = -1
        for k, action in self.history:
            if k != loaded:
                self.dice.load(self.lesson.steps[k].faces, self._seed(k))
                loaded = k
            s.submit(action)
            if s.in_director:
                s.run_director()
        self.state = "act"
        self._start_step()


# --- progress ------------------------------------------------------------------------------------------------------

def progress_path() -> Path:
    """Where tutorial progress lives: $BT_HOME/tutorial.json, else ~/.borrowed_time/tutorial.json."""
    return home_dir() / "tutorial.json"


class Progress:
    """Which lessons are done or skipped, kept in a small JSON file (written atomically)."""

    VERSION = 1

    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path is not None else progress_path()
        self.lessons: dict[str, dict] = {}
        self.last = ""
        self._load()

    def _load(self) -> None:
        data, problems = read_json(self.path)      # the guarded reader: a damaged file is just no progress
        if problems or not isinstance(data, dict) or data.get("version") != self.VERSION:
            return
        lessons = data.get("lessons")
        if isinstance(lessons, dict):
            self.lessons = {k: v for k, v in lessons.items() if isinstance(k, str) and isinstance(v, dict)}
        self.last = data.get("last") if isinstance(data.get("last"), str) else ""

    def status(self, lesson_id: str) -> str:
        """new | started | done | skipped"""
        return str(self.lessons.get(lesson_id, {}).get("status", "new"))

    def done_count(self, ids) -> int:
        return sum(1 for i in ids if self.status(i) == "done")

    def mark_started(self, lesson_id: str) -> None:
        self.last = lesson_id
        if self.status(lesson_id) in ("new",):
            self.lessons[lesson_id] = {"status": "started"}
        self.save()

    def mark_done(self, lesson_id: str, retries: int = 0) -> None:
        entry = self.lessons.get(lesson_id, {})
        best = entry.get("fewest_retries")
        self.lessons[lesson_id] = {"status": "done", "finished_at": time.strftime("%Y-%m-%d %H:%M:%S"),
                                   "fewest_retries": retries if not isinstance(best, int) else min(best, retries)}
        self.last = lesson_id
        self.save()

    def mark_skipped(self, lesson_id: str) -> None:
        if self.status(lesson_id) != "done":
            self.lessons[lesson_id] = {"status": "skipped"}
        self.save()

    def reset(self) -> None:
        self.lessons = {}
        self.last = ""
        self.save()

    def save(self) -> bool:
        data = {"version": self.VERSION, "last": self.last, "lessons": self.lessons}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, json.dumps(data, indent=1).encode("utf-8"))
        except OSError:
            return False
        return True
