"""The rules help overlay (F1 from any screen): short sections in our own words, with docs/RULES.md as the long
reference. Left: the sections (Up/Down or click); right: the text (wheel, PgUp/PgDn). F1 or Esc closes it.
"""
from __future__ import annotations

import pygame

from game.ui.widgets import theme
from game.ui.widgets.controls import Block, Button, MenuList, Overlay, ScrollBox, draw_panel, draw_text, ui_scale
from game.world.action_registry import BAR

H, P, B, K = "h", "p", "b", "k"

SECTIONS: list[tuple[str, list[tuple[str, str] | tuple[str, str, str]]]] = [
    ("The round", [
        (H, "How a round goes"),
        (P, "You lead a small band of survivors through a city full of the dead. Each round has three parts."),
        (B, "Your turn: pick a survivor, spend their 3 action points, then pick the next. Everyone acts once, "
            "in whatever order you like."),
        (B, "The Director's turn: the game's opponent cashes in the noise you made for more zombies and nasty "
            "surprises, then the horde moves and bites."),
        (B, "The end of the round: the Doom track ticks forward one space and the game checks for a winner."),
        (H, "Dice"),
        (P, "Every roll is a handful of six-sided dice, one per point of the stat in play. Any die showing 4 or "
            "more counts as a success. You always get at least one die, whatever the penalties."),
        (P, "Careful with ones: each 1 a survivor rolls is a clatter that adds a point of Heat where they stand."),
        (H, "A survivor's numbers"),
        (K, "MOV  Move", "Inches walked for each Move action."),
        (K, "FGT  Fight", "Dice in melee, when attacking and when defending."),
        (K, "SHT  Shoot", "Dice added to a gun's own dice."),
        (K, "WIT  Wits", "Dice for searching and for patching up a friend."),
        (K, "GUT  Guts", "Dice for holding on: bleeding out, being fed on, blasts, braving a molotov's flames."),
        (K, "WND  Wounds", "Damage they can take before going Downed."),
    ]),
    ("Actions", [
        (H, "Spending action points"),
        (P, "Most actions cost 1 of a survivor's 3 action points (AP); points left at the end of their turn are "
            "lost."),
        # the action bar of the registry (game.world.action_registry), with keys and costs
        *((K, f"{k.label}  {k.hotkey.upper()}" if k.hotkey else k.label, f"{k.cost}. {k.summary}")
          for k in BAR if k.cost),
        (H, "Free and limited actions"),
        (B, "Passing one item to a friend next to you is free once per turn; dropping things is always free."),
        (B, "A survivor with a zombie in contact is engaged: they cannot walk away, throw or escape. They must "
            "fight, or Disengage (1 AP) and take a parting swipe on the way out."),
    ]),
    ("Combat", [
        (H, "Melee"),
        (P, "Both sides roll at once: your Fight plus your weapon's bonus against the zombie's Fight. Whoever "
            "gets more successes deals the difference as wounds. A draw hurts nobody."),
        (P, "If you did not lose, you may step back one inch for free straight away."),
        (H, "Shooting"),
        (P, "Roll the gun's dice plus your Shoot. Every die that reaches the target number is a wound: 4+ in the "
            "open, 5+ behind light cover, 6+ behind heavy cover."),
        (H, "Swarms"),
        (P, "At most three zombie figures attack one survivor (a Horde tray is three figures). In the "
            "Director's turn they all attack together as one big pool, but the wounds they can deal are "
            "limited by how many of them there are - unless a Brute or a Horde is among them."),
        (H, "Throwing"),
        (P, "Grenades, pipe bombs and molotovs hit everyone near where they land, friends included. Molotovs "
            "also set things alight."),
    ]),
    ("Heat", [
        (H, "Noise is the currency"),
        (P, "Everything loud your team does goes onto the Heat track: gunshots, heavy swings, explosions, "
            "alarms set off while scavenging, and every 1 you roll. Quiet weapons make none."),
        (B, "The track tops out at 15; anything above is lost."),
        (B, "Where the noise was made matters: zombies that see nobody walk towards the loudest spot."),
        (B, "At the start of the Director's turn a little ambient Heat is added, whatever you did."),
        (H, "Escalation"),
        (P, "With 8 or more Heat on the track, the Director rolls a die to push Doom forward a space early. The "
            "more Heat, the easier the roll; at 15 it happens without a roll."),
        (P, "The Director spends the Heat, then the track empties. Heat it does not spend is gone."),
    ]),
    ("The Director", [
        (H, "Your opponent"),
        (P, "The Director is the game's AI. It never cheats: it only spends the Heat you made, on a fixed "
            "shopping list, and the log says why it bought each thing."),
        (K, "1 Heat", "A Shambler that can see you lurches 3 inches closer."),
        (K, "2 Heat", "A new Shambler at a spawn point."),
        (K, "3 Heat", "A Shambler destroyed this round gets back up."),
        (K, "4 Heat", "A special: Screamer, Bloater or Hunter."),
        (K, "5 Heat", "A Brute or a Horde at a major spawn point."),
        (K, "2-6 Heat", "An event: slamming doors, an alarm, a blackout, lost time..."),
        (H, "The horde moves"),
        (P, "Zombies next to a survivor attack. The rest go for a survivor they can see, else towards a "
            "Screamer's shriek, else the loudest noise, else the objective."),
        (P, "A spawn point with a survivor standing on or next to it is held: nothing can come out of it."),
    ]),
    ("Downed", [
        (H, "Going down"),
        (P, "A survivor with no wounds left is Downed. They drop any objective they carried and can do nothing "
            "until a friend patches them up."),
        (B, "On their turn they must pass a Guts roll or bleed out and be lost."),
        (B, "Zombies next to them do not attack any more - they feed. At the start of the Director's turn the "
            "survivor needs as many Guts successes as the feeders take up places, or they are devoured."),
        (B, "Every wound your team deals to those feeders during your turn takes one off that number."),
        (H, "Getting them back"),
        (P, "Triage (1 AP, a Wits roll) stands them up again with a wound or two. Medics can do it bare-handed, "
            "anyone else needs bandages or a medkit. Or drag them into cover, up to half your Move."),
    ]),
    ("Winning", [
        (H, "The Doom track"),
        (P, "Doom moves one space every round, and again each time the Director escalates. Some spaces trigger "
            "events. When it reaches the last space the finale strikes, and you have one more round."),
        (H, "You win"),
        (P, "when the scenario's objective is done: the item delivered, the machine fixed, or enough of the "
            "team escaped."),
        (H, "The Director wins"),
        (B, "when more than half your starting team has been lost;"),
        (B, "when too few are left to still make an escape quota;"),
        (B, "when the round after the finale ends and the job is not done."),
    ]),
    ("Keys", [
        (H, "Everywhere"),
        (K, "F1", "This help, from any screen. F1 or Esc closes it."),
        (K, "Esc", "Back, or cancel a dialog."),
        (K, "Enter", "The highlighted button."),
        (K, "Arrows", "Move through menus and cards."),
        (K, "F12", "Save a screenshot in the screenshots folder."),
        (H, "Choosing a team"),
        (K, "Space", "Add or remove the highlighted survivor."),
        (K, "D", "Back to the scenario's suggested team."),
    ]),
]


def blocks_for(section: int) -> list[Block]:
    out = []
    for entry in SECTIONS[section][1]:
        if entry[0] == K:
            out.append(Block(K, entry[2], entry[1]))
        else:
            out.append(Block(entry[0], entry[1]))
    return out


class HelpOverlay(Overlay):
    """The rules help, drawn over whatever screen is open."""

    is_help = True

    def __init__(self, section: int = 0):
        self.section = section
        self._size: tuple[int, int] | None = None

    def enter(self) -> None:
        self._size = None

    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        self._size = size
        w, h = size
        s = ui_scale(w, h)
        self.s = s
        width, height = min(w - int(60 * s), int(1000 * s)), min(h - int(50 * s), int(620 * s))
        self.panel = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        pad = int(26 * s)
        self.pad = pad
        title_h = int(62 * s)
        side_w = int(200 * s)
        buttons = [Button(name, lambda i=i: self.show(i), size=int(22 * s), align="left", style="quiet")
                   for i, (name, _) in enumerate(SECTIONS)]
        self.menu = MenuList(buttons)
        self.menu.place(self.panel.x + pad, self.panel.y + pad + title_h, side_w, int(40 * s), int(6 * s))
        self.menu.focus = self.section
        self.menu._sync()
        text = pygame.Rect(self.panel.x + pad + side_w + int(30 * s), self.panel.y + pad + title_h,
                           0, 0)
        text.width = self.panel.right - pad - text.x
        text.height = self.panel.bottom - pad - text.y
        self.text = ScrollBox(blocks_for(self.section), text, size=int(23 * s), scale=s)
        self.close_button = Button("Close", self.close, hotkey=None, hint="F1 / Esc", size=int(20 * s),
                            style="quiet")
        self.close_button.rect = pygame.Rect(self.panel.right - pad - int(150 * s), self.panel.y + pad - int(4 * s),
                                      int(150 * s), int(38 * s))

    def show(self, i: int) -> None:
        self.section = i
        self.menu.focus = i
        self.menu._sync()
        self.text.set_blocks(blocks_for(i))

    def handle(self, event: pygame.event.Event) -> None:
        self.layout_for_display()
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.close()
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                step = -1 if event.key in (pygame.K_UP, pygame.K_LEFT) else 1
                self.show((self.section + step) % len(SECTIONS))
                return
        if self.close_button.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            return
        if self.menu.handle(event):
            return
        self.text.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        self.draw_below(surface)
        s = self.s
        draw_panel(surface, self.panel, theme.PANEL, theme.PANEL_EDGE, radius=int(14 * s), width=1, shadow=True)
        pad = self.pad
        draw_text(surface, "Rules help", (self.panel.x + pad, self.panel.y + pad), int(36 * s), theme.INK, True)
        draw_text(surface, "The full rules are in docs/RULES.md",
                  (self.menu.rect.x, self.panel.bottom - pad), int(17 * s), theme.INK_FAINT, anchor="bottomleft")
        line_x = self.text.rect.x - int(16 * s)
        pygame.draw.line(surface, theme.PANEL_EDGE, (line_x, self.text.rect.y), (line_x, self.text.rect.bottom))
        pygame.draw.line(surface, theme.PANEL_EDGE, (self.panel.x + pad, self.text.rect.y - int(14 * s)),
                         (self.panel.right - pad, self.text.rect.y - int(14 * s)))
        self.menu.draw(surface)
        self.text.draw(surface)
        self.close_button.draw(surface)


def toggle_help(app) -> None:
    """F1: open the help over the current screen, or close it if it is open."""
    if app.stack and getattr(app.scene, "is_help", False):
        app.pop()
    else:
        app.push(HelpOverlay())


def install(app) -> None:
    app.global_keys[pygame.K_F1] = lambda: toggle_help(app)
