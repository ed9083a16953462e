"""Contact sheet for the Borrowed Time sprites.

    python sprites/preview.py [OUT.png]        (default /tmp/sprites_sheet.png)

Loads every sprites/*.svg with pygame.image.load_sized_svg at 24, 32, 64 and 96 px and draws the 32 and 64 px
renders (plus 24 px on a light ground) on one PNG, grouped by prefix. Survivors and zombies get a base rim the way the
game draws one; tiles also show a 2x2 repeat to expose seams. A small board at the bottom puts tiles, figures and
markers together. If the data files are found (game/data, maps), every id they use must have a sprite.
Exits non-zero, naming the files, if any SVG fails to load or any id is missing.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/sprites_sheet.png")

GROUPS = ["survivor", "zombie", "tile", "marker", "item", "status", "die", "icon"]
SIZES = (24, 32, 64, 96)

BG = (38, 40, 43)
PANEL = (52, 55, 58)
LIGHT = (214, 208, 194)
LABEL = (200, 196, 186)
SURVIVOR_RIM = (70, 170, 166)
ZOMBIE_RIM = (178, 70, 60)


def load_all() -> tuple[dict[str, dict[int, pygame.Surface]], list[str]]:
    sprites: dict[str, dict[int, pygame.Surface]] = {}
    errors: list[str] = []
    for path in sorted(HERE.glob("*.svg")):
        text = path.read_text(encoding="utf-8")
        if "<text" in text or "href=\"http" in text or "<image" in text:
            errors.append(f"{path.name}: text element or external reference")
        if 'viewBox="0 0 64 64"' not in text:
            errors.append(f"{path.name}: viewBox is not 0 0 64 64")
        renders = {}
        for size in SIZES:
            try:
                surf = pygame.image.load_sized_svg(str(path), (size, size))
            except Exception as exc:  # noqa: BLE001 - report every failure, then exit
                errors.append(f"{path.name} @{size}px: {exc}")
                continue
            if surf.get_size() != (size, size):
                errors.append(f"{path.name} @{size}px: rendered {surf.get_size()}")
            elif surf.get_bounding_rect().width == 0:
                errors.append(f"{path.name} @{size}px: rendered empty")
            renders[size] = surf
        sprites[path.stem] = renders
    return sprites, errors


# sprites the UI asks for by name, whatever the data says
REQUIRED = (
    [f"marker_{m}" for m in ("spawn_minor", "spawn_major", "search", "search_armory", "search_clinic",
                             "search_garage", "objective", "extract", "deploy")]
    + [f"item_{i}" for i in ("gas_can", "supply_crate", "radio_parts", "keycard", "item")]
    + [f"status_{s}" for s in ("aiming", "hunkered", "burning", "stunned", "downed")]
    + [f"die_{n}" for n in range(1, 7)]
    + ["tile_door", "tile_door_open"]
    + [f"icon_{i}" for i in ("move", "disengage", "attack", "shoot", "throw", "aim", "search", "interact", "door",
                             "triage", "drag", "hunker", "reload", "handoff", "exchange", "end_turn", "undo", "save",
                             "load", "help", "speed", "pause", "play", "step")]
)


def expected_ids() -> list[str]:
    """sprite names the UI and the data ask for (the data part is skipped if it or PyYAML is missing)."""
    want: list[str] = list(REQUIRED)
    try:
        import yaml
    except ImportError:
        return sorted(set(want))
    data = ROOT / "game" / "data"
    if not data.is_dir():
        return sorted(set(want))
    want += [f"survivor_{k}" for k in yaml.safe_load((data / "archetypes.yaml").read_text())["archetypes"]]
    want += [f"zombie_{k}" for k in yaml.safe_load((data / "zombies.yaml").read_text())["zombies"]]
    styles: set[str] = set()
    legends = [yaml.safe_load((data / "legend.yaml").read_text())]
    for m in sorted((ROOT / "maps").glob("*.yaml")):
        legends.append(yaml.safe_load(m.read_text()).get("legend") or {})
    for legend in legends:
        for cell in legend.values():
            if cell.get("style") and cell["style"] != "auto":
                styles.add(cell["style"])
            if cell.get("marker") and cell["marker"] != "zombie":
                want.append(f"marker_{cell['marker']}")
            if cell.get("deck"):
                want.append(f"marker_search_{cell['deck']}")
            if cell.get("terrain") == "door":
                want += ["tile_door", "tile_door_open"]
    want += [f"tile_{s}" for s in sorted(styles)]
    items = yaml.safe_load((data / "items.yaml").read_text())["items"]
    want += [f"item_{k}" for k, v in items.items() if v.get("kind") == "objective"]
    return sorted(set(want))


def group_of(name: str) -> str:
    return name.split("_", 1)[0]


def nice(name: str) -> str:
    return name.split("_", 1)[1] if "_" in name else name


def draw_rim(screen: pygame.Surface, center: tuple[int, int], size: int, colour) -> None:
    r = round(size * 29 / 64)
    pygame.draw.circle(screen, colour, center, r, max(2, size // 16))


def checker(screen: pygame.Surface, rect: pygame.Rect, a=(84, 88, 90), b=(74, 78, 80), step=8) -> None:
    for y in range(rect.top, rect.bottom, step):
        for x in range(rect.left, rect.right, step):
            c = a if ((x - rect.left) // step + (y - rect.top) // step) % 2 == 0 else b
            pygame.draw.rect(screen, c, (x, y, min(step, rect.right - x), min(step, rect.bottom - y)))


def cell(screen, font, x, y, name, renders) -> None:
    """one sprite: label, 64 px, 32 px, 24 px on light ground (tiles: 64 px and a 2x2 repeat at 32 px)."""
    g = group_of(name)
    pygame.draw.rect(screen, PANEL, (x, y, CELL_W - 6, CELL_H - 6), border_radius=4)
    screen.blit(font.render(nice(name), True, LABEL), (x + 4, y + 2))
    top = y + 16
    area64 = pygame.Rect(x + 4, top, 64, 64)
    if g == "tile":
        screen.blit(renders[64], area64)
        for dx in (0, 32):
            for dy in (0, 32):
                screen.blit(renders[32], (x + 72 + dx, top + dy))
        screen.blit(renders[24], (x + 140, top + 40))
        return
    if g in ("survivor", "zombie"):
        pygame.draw.rect(screen, (78, 82, 86), area64)
        pygame.draw.rect(screen, (78, 82, 86), (x + 72, top, 40, 64))
    else:
        checker(screen, area64)
        checker(screen, pygame.Rect(x + 72, top, 40, 64))
    screen.blit(renders[64], area64)
    screen.blit(renders[32], (x + 76, top + 4))
    pygame.draw.rect(screen, LIGHT, (x + 114, top, 52, 64))
    screen.blit(renders[24], (x + 116, top + 4))
    screen.blit(renders[32], (x + 116, top + 30))
    if g in ("survivor", "zombie"):
        rim = SURVIVOR_RIM if g == "survivor" else ZOMBIE_RIM
        if name != "zombie_horde":
            draw_rim(screen, area64.center, 64, rim)
            draw_rim(screen, (x + 92, top + 20), 32, rim)
            draw_rim(screen, (x + 128, top + 16), 24, rim)
            draw_rim(screen, (x + 132, top + 46), 32, rim)


CELL_W, CELL_H = 176, 88
COLS = 8

BOARD = [  # a corner of Pharmacy Run, plus a few cells to show every ground
    "#########..####+#####",
    "#___?___W..#__c__=__#",
    "#_______/..#_1___=__#",
    "###W#####..###W###/##",
    "=====%%%==.....sss...",
    "...,,,....HHH...AAAA.",
    ".~~~..z...HHH...AAAA.",
    "::::::X:::::::::::X::",
    ";;;;;;-------TTTTTTT;",
    ";;;;;;--FFFF-VVV:::::",
]
BOARD_STYLE = {".": "street", "_": "floor", ":": "pavement", ",": "rubble", "~": "mud", "=": "fence",
               "%": "bushes", "s": "sandbags", "H": "car", "X": "concrete", "#": "brick", "+": "door",
               "/": "door_open", "W": "window", "?": "floor", "c": "floor", "1": "floor", "z": "street",
               ";": "grass", "-": "rail", "T": "train", "F": "wagon", "V": "van", "A": "ambulance"}
BOARD_MARK = {"?": "marker_search", "c": "marker_search_clinic", "1": "marker_objective"}
BOARD_FIGS = [("survivor_doctor", 2, 2), ("survivor_firefighter", 13, 2), ("survivor_soldier", 8, 5),
              ("survivor_courier", 4, 4), ("zombie_shambler", 6, 6), ("zombie_brute", 15, 4),
              ("zombie_screamer", 2, 7), ("zombie_bloater", 20, 7), ("zombie_hunter", 16, 9)]


def draw_board(screen, sprites, x0, y0, px=32) -> int:
    for r, row in enumerate(BOARD):
        for c, ch in enumerate(row):
            style = "tile_" + BOARD_STYLE[ch]
            if style in sprites and px in sprites[style]:
                screen.blit(sprites[style][px], (x0 + c * px, y0 + r * px))
            if ch in BOARD_MARK and BOARD_MARK[ch] in sprites:
                screen.blit(sprites[BOARD_MARK[ch]][px], (x0 + c * px, y0 + r * px))
    for name, c, r in BOARD_FIGS:
        if name in sprites and 64 in sprites[name]:
            fig = pygame.transform.smoothscale(sprites[name][96], (px * 3 // 2, px * 3 // 2))
            cx, cy = x0 + c * px + px // 2, y0 + r * px + px // 2
            screen.blit(fig, fig.get_rect(center=(cx, cy)))
            draw_rim(screen, (cx, cy), px * 3 // 2, SURVIVOR_RIM if name.startswith("survivor") else ZOMBIE_RIM)
    if "zombie_horde" in sprites:
        fig = pygame.transform.smoothscale(sprites["zombie_horde"][96], (px * 2, px * 2))
        screen.blit(fig, (x0 + 9 * px, y0 + 0 * px))
    return y0 + len(BOARD) * px


def main() -> int:
    pygame.init()
    pygame.display.set_mode((1, 1))
    sprites, errors = load_all()
    missing = [n for n in expected_ids() if n not in sprites]
    errors += [f"missing sprite for {n} ({n}.svg)" for n in missing]
    unknown = sorted(n for n in sprites if group_of(n) not in GROUPS)
    errors += [f"{n}.svg: unknown prefix" for n in unknown]
    names = {g: [n for n in sorted(sprites) if group_of(n) == g and len(sprites[n]) == len(SIZES)] for g in GROUPS}

    font = pygame.font.Font(None, 17)
    head = pygame.font.Font(None, 24)
    rows = sum(-(-len(v) // COLS) for v in names.values())
    board_h = len(BOARD) * 32 + 40
    width = COLS * CELL_W + 20
    height = 20 + rows * CELL_H + len(GROUPS) * 26 + board_h + 20
    screen = pygame.Surface((width, height))
    screen.fill(BG)
    y = 10
    for g in GROUPS:
        screen.blit(head.render(f"{g}  ({len(names[g])})", True, (235, 230, 218)), (10, y))
        y += 24
        for i, n in enumerate(names[g]):
            cell(screen, font, 10 + (i % COLS) * CELL_W, y + (i // COLS) * CELL_H, n, sprites[n])
        y += -(-len(names[g]) // COLS) * CELL_H + 2
    screen.blit(head.render("board (32 px cells)", True, (235, 230, 218)), (10, y + 6))
    draw_board(screen, sprites, 10, y + 32)
    pygame.image.save(screen, str(OUT))
    total = sum(len(v) for v in names.values())
    print(f"{total} sprites -> {OUT}")
    if errors:
        print("PROBLEMS:", file=sys.stderr)
        for e in errors:
            print("  " + e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
