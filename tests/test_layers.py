"""Architecture rules as tests: the layers import one way, and no chain of imports leads back to where it started,
counting imports inside functions too (a function-local import that dodges a cycle is still a cycle). A screen may
load the next screen lazily, for start-up time, as long as nothing it loads leads back to it."""
import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"
# Lower layers never import higher ones, nor their neighbours on the same layer: content -> rules -> world -> ai ->
# sim/tools -> tutorial/campaign -> ui/web -> cli.
LAYERS = {"content": 0, "rules": 1, "world": 2, "ai": 3, "sim": 4, "tools": 4, "tutorial": 5, "campaign": 5, "ui": 6,
          "web": 6, "cli": 7}


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
                sideways = theirs == mine and name.split(".")[1] != package     # sim and tools share a layer
                if theirs is not None and (theirs > mine or sideways):
                    wrong.append(f"{path.relative_to(GAME.parent)}:{node.lineno} imports {name}")
    assert not wrong, "\n".join(wrong)


def import_graph() -> dict[str, set[str]]:
    """module -> the game modules it imports anywhere in its file, at run time (a package counts as its
    __init__)."""
    names = {}
    for path in GAME.rglob("*.py"):
        rel = path.relative_to(GAME.parent).with_suffix("").parts
        names[".".join(rel[:-1] if rel[-1] == "__init__" else rel)] = path
    graph = {}
    for module, path in names.items():
        found = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
                       for n in ast.walk(block)}      # annotations only: never run
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.update(f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in names else node.module
                             for a in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        graph[module] = {m for m in found if m in names and m != module}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state, stack = {}, []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        state[node] = "done"
        stack.pop()
        return None
    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_no_import_cycles_even_through_imports_inside_functions():
    cycle = find_cycle(import_graph())
    assert cycle is None, " -> ".join(cycle)


def test_the_cycle_finder_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_checker_sees_an_upward_import():
    tree = ast.parse("from game.ui.widgets.app import Scene\n")
    assert [layer_of(n) for node in ast.walk(tree) for n in imported(node)] == [LAYERS["ui"]]


# game/ui's rooms import one way too: sound and the shared widgets below the board, the menus above it, the camp and
# the table tools' screens on top (side by side), and game/ui's own launcher modules over all of them.
ROOMS = {"audio": 0, "widgets": 1, "board": 2, "menus": 3, "camp": 4, "tools": 4}
UI = GAME / "ui"


def room_of(module: str) -> str | None:
    """The room a game.ui module lives in; None for game/ui's own top-level modules and anything outside game/ui."""
    parts = module.split(".")
    return parts[2] if len(parts) >= 3 and parts[:2] == ["game", "ui"] and parts[2] in ROOMS else None


def wrong_way_room_imports(path: Path, tree: ast.AST) -> list[str]:
    mine = path.relative_to(UI).parts[0]
    wrong = []
    for node in ast.walk(tree):
        for name in imported(node):
            theirs = room_of(name)
            if name.split(".")[:2] == ["game", "ui"] and len(name.split(".")) == 3 and name.split(".")[2] not in ROOMS:
                wrong.append(f"{path.relative_to(GAME.parent)}:{node.lineno} imports the launcher's {name}")
            elif theirs is not None and theirs != mine and ROOMS[theirs] >= ROOMS[mine]:
                wrong.append(f"{path.relative_to(GAME.parent)}:{node.lineno} imports {name}")
    return wrong


def test_every_ui_module_lives_in_a_room_with_a_docstring():
    loose = {p.name for p in UI.glob("*.py")} - {"__init__.py", "launch.py", "menu.py", "replay_launch.py"}
    assert not loose, f"game/ui files outside a room: {sorted(loose)}"
    for room in ROOMS:
        init = UI / room / "__init__.py"
        assert init.is_file() and ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))), room


def test_ui_rooms_import_one_way():
    wrong = []
    for path in sorted(UI.glob("*/*.py")):
        wrong += wrong_way_room_imports(path, ast.parse(path.read_text(encoding="utf-8")))
    assert not wrong, "\n".join(wrong)


def test_the_room_checker_sees_a_wrong_way_import():
    board = UI / "board" / "hud.py"
    assert wrong_way_room_imports(board, ast.parse("from game.ui.camp.camp_screen import CampScene\n"))
    assert wrong_way_room_imports(board, ast.parse("from game.ui.launch import make_app\n"))
    assert wrong_way_room_imports(board, ast.parse("from game.ui.menus import setup\n"))
    assert not wrong_way_room_imports(board, ast.parse("from game.ui.widgets.controls import draw_text\n"))
