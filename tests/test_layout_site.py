"""Every game's screens on a phone (390 × 844) and a laptop (1366 × 768), the same page resized at each step:
the page never scrolls sideways, no text is cut off, and the move's main button and the last message are in
view without scrolling. The page's dialogs likewise: whole in view, every button in reach."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pages import click_and_wait, fixed_seed, start_game
from wortwurf import engine
from wortwurf.games.typdom.tiles import JOKER, TILES

SHOTS = os.environ.get("WORTWURF_SCREENSHOTS")  # a folder: each screen measured is also saved there, to look at
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}

# Whether an element's text is clipped (its overflow hidden or ellipsed, and wider than its box).
CUT_OFF_JS = """const cutOff = (el) => {
    const style = getComputedStyle(el);
    const clips = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
    return clips && el.scrollWidth > el.clientWidth + 1;
  };"""

# For the screen shown: what is wrong with it as it lies at the top of the page (nothing scrolled).
PROBLEMS_JS = """(screen) => {
  """ + CUT_OFF_JS + """
  scrollTo(0, 0);
  const root = document.getElementById(screen);
  const problems = [];
  const page = document.scrollingElement;
  if (page.scrollWidth > innerWidth) problems.push(`the page scrolls sideways (${page.scrollWidth} px)`);
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const name = (el) => el.id || el.textContent.trim().slice(0, 30);
  for (const el of root.querySelectorAll("button.primary, .message")) {
    if (!shown(el) || !el.textContent.trim() || el.closest("dialog")) continue;
    const box = el.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) {
      problems.push(`${name(el)} out of view: y ${Math.round(box.top)} to ${Math.round(box.bottom)} of ${innerHeight}`);
    }
  }
  for (const el of root.querySelectorAll("button, p, h3, label, td, th, li, dd, dt, legend, span")) {
    if (!shown(el) || el.closest("dialog, .pad-wrap, .table-wrap, .visually-hidden")) continue;
    if (cutOff(el)) problems.push(`${name(el)} is cut off`);
  }
  return problems;
}"""


def problems(page, screen: str) -> list[str]:
    return page.evaluate(PROBLEMS_JS, screen)


def main_button_y(page, selector: str) -> int:
    """Where the move's main button lies with nothing scrolled (its top, in CSS pixels)."""
    page.evaluate("scrollTo(0, 0)")
    return round(page.locator(selector).bounding_box()["y"])


def reveal(page, prefix: str) -> None:
    """Through the pass screen: the player's tap and the deliberate second one."""
    page.locator(f"#{prefix}-pass-me").click()
    page.locator(f"#{prefix}-pass-show").click()


def forgetit(page):
    start_game(page, ["Ada", "Bo"])
    yield "#fgi-roll"
    page.locator("#fgi-roll").click()
    page.wait_for_function("wortwurf.game().record.actions.length === 1")
    yield "#fgi-roll"


def dicewords(page):
    start_game(page, ["Ada", "Bo"], game_id="dicewords")
    yield "#dw-roll"
    page.locator("#dw-roll").click()
    page.wait_for_function("wortwurf.game().record.actions.length === 1")
    yield "#dw-roll"


def frigiti(page):
    start_game(page, ["Ada", "Bo", "Cy", "Di"], game_id="frigiti")
    yield "#fr-roll"
    page.locator("#fr-roll").click()
    page.wait_for_function("wortwurf.game().record.actions.length === 1")
    for i in range(4):
        page.locator("#fr-dice button").nth(i).click()
    page.locator("#fr-create-word").click()
    page.wait_for_function("wortwurf.game().record.actions.length === 2 || !document.querySelector('#fr-anyway').hidden")
    if page.locator("#fr-anyway").is_visible():
        page.locator("#fr-anyway").click()
    yield "#fr-pass-me"
    reveal(page, "fr")
    yield "#fr-write .primary"
    long = "Eine Erklärung, so lang wie eine am Tisch sein darf: " + "sehr " * 28
    for player in page.evaluate("wortwurf.game().view.order"):  # the other steps through the page's hook
        page.evaluate("a => wortwurf.act(a)", {"type": "write", "player": player, "text": long[:200]})
    page.locator("#fr-pass-me").click()
    yield "#fr-read .primary"
    for n in range(4):
        page.evaluate("n => wortwurf.act({type: 'keyword', text: `Stichwort ${n}`})", n)
    page.locator("#fr-pass-me").click()
    page.locator("#fr-pass-show").click()
    yield "#fr-judge .primary"


def typdom(page):
    start_game(page, ["Ada", "Bo"], game_id="typdom")
    yield "#td-pass-me"
    reveal(page, "td")
    yield "#td-place"


def bluff(page):
    start_game(page, ["Ada", "Bo"], game_id="bluff")
    yield "#bl-pass-show"
    page.locator("#bl-pass-show").click()
    yield "#bl-lay-announce"


def presto(page):
    start_game(page, ["Ada", "Bo"], game_id="presto")
    yield "#pr-go"
    page.locator("#pr-go").click()
    yield "#pr-done"


GAMES = {"forgetit": forgetit, "dicewords": dicewords, "frigiti": frigiti, "typdom": typdom, "bluff": bluff,
         "presto": presto}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_screen_fits_and_keeps_the_main_button_and_the_message_in_view(shared_page, game):
    page = shared_page  # (each game's screens from its own new game: the page is the module's)
    for main in GAMES[game](page):
        page.locator(main).wait_for(state="visible")
        for size in SIZES.values():  # the same screen on a phone and on a laptop
            page.set_viewport_size(size)
            assert problems(page, game) == [], (main, size)
            print(f"{game} {size['width']}x{size['height']}: {main} at y {main_button_y(page, main)}")
            if SHOTS:
                name = f"{game}-{size['width']}x{size['height']}-{main.strip('#').replace(' ', '')}.png"
                page.screenshot(path=str(Path(SHOTS) / name))


# For the dialog open: what is wrong with it as it lies. Every control is in view, or comes into view when the
# dialog scrolls to it (a long form on a phone); a dialog that scrolls keeps its way out at the top.
DIALOG_PROBLEMS_JS = """() => {
  """ + CUT_OFF_JS + """
  const dialog = document.querySelector("dialog[open]");
  if (!dialog) return ["no dialog is open"];
  const problems = [];
  const inView = (el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  };
  const name = (el) => el.id || el.textContent.trim().slice(0, 30);
  dialog.scrollTop = 0;
  if (!inView(dialog)) problems.push("the dialog is out of view");
  if (dialog.scrollWidth > dialog.clientWidth + 1) problems.push("the dialog scrolls sideways");
  const scrolls = dialog.scrollHeight > dialog.clientHeight + 1;
  const closing = [...dialog.querySelectorAll('form[method="dialog"] button')];
  if (scrolls && !closing.some(inView)) problems.push("the dialog scrolls and its way out is not in view");
  for (const el of dialog.querySelectorAll("button, input, select, p, h2, h3, label, li, span")) {
    if (!el.getClientRects().length || el.closest(".visually-hidden")) continue;
    if (cutOff(el)) problems.push(`${name(el)} is cut off`);
    if (!el.matches("button, input, select")) continue;
    if (!inView(el) && scrolls) el.scrollIntoView({ block: "nearest" });
    if (!inView(el)) problems.push(`${name(el)} out of reach`);
    dialog.scrollTop = 0;
  }
  return problems;
}"""


def replace_question(page):
    start_game(page, ["Ada", "Bo"])
    click_and_wait(page, page.locator("#fgi-roll"))
    page.locator("#forgetit").get_by_role("button", name="Menü", exact=True).click()
    page.locator('.game-card[data-game="forgetit"]').get_by_role("button", name="Neues Spiel").click()
    page.get_by_role("button", name="Spiel beginnen").click()
    return page


def taken_over_elsewhere(page):
    from test_saving_site import open_second_tab

    start_game(page, ["Ada", "Bo"])
    return open_second_tab(page)


def typdom_joker(page):
    """A joker laid on the board asks what it stands for (a deal where the player on turn can lay one)."""
    from test_typdom_site import setup_typdom, tap_cell, wait_for_turn
    from wortwurf.games.typdom.moves import moves

    def laid_joker(state):
        player = engine.view(state)["current"]
        return next((item for move in moves(state, player) for item in move["tiles"] if "letter" in item), None)

    seed = next(seed for seed in range(100)
                if laid_joker(engine.new_game("typdom", ["Ada", "Bo"], {"variant": "point"}, seed)))
    fixed_seed(page, seed)
    start_game(page, ["Ada", "Bo"], game_id="typdom", setup=setup_typdom("point", [0, 0]))
    reveal(page, "td")
    state = page.evaluate("wortwurf.game()")["state"]
    assert state["seed"] == seed
    wait_for_turn(page, engine.view(state)["current"])
    joker = laid_joker(state)
    page.locator(f'#td-rack [data-tile="{joker["tile"]}"]').click()
    tap_cell(page, joker["row"], joker["col"])
    return page


def bluff_joker(page):
    """The same in "Wer behält recht?": a deal whose first lay the hint names is a joker's."""
    from test_bluff_site import tap_cell
    from wortwurf.games.bluff.players import hint

    seed = next(seed for seed in range(100)
                if "letter" in (hint(engine.new_game("bluff", ["Ada", "Bo"], {}, seed))["move"] or {}))
    fixed_seed(page, seed)
    start_game(page, ["Ada", "Bo"], game_id="bluff")
    page.locator("#bl-pass-show").click()
    move = hint(page.evaluate("wortwurf.game()")["state"])["move"]
    page.locator(f'#bl-rack [data-tile="{move["tile"]}"]').click()
    tap_cell(page, move["row"], move["col"])
    return page


def dicewords_joker(page):
    """DICEWORDS with real dice: the joker die tapped into the word asks for its letter."""
    from test_dicewords_site import ROLL_WITH_JOKER, die, enter_roll

    start_game(page, ["Ada", "Bo"], physical=True, game_id="dicewords")
    page.get_by_role("button", name="Ada würfelt").click()
    enter_roll(page, ROLL_WITH_JOKER)
    die(page, "Silber").click()
    return page


def presto_joker(page):
    """Presto: a joker of the hand laid on the table asks for its letter."""
    from test_presto_site import go, solution

    fixed_seed(page, 12)  # (a deal whose first hand the engine solves with a joker)
    start_game(page, ["Ada", "Bo"], game_id="presto")
    go(page, "Ada")
    row, col, tile, _ = next(laid for laid in solution(page) if TILES[laid[2]][0] == JOKER)
    page.locator(f'#pr-hand [data-tile="{tile}"]').click()
    point = page.evaluate(f"wortwurf.tablePoint({row}, {col})")
    page.mouse.click(point["x"], point["y"])
    return page


def presto_across_phones(page):
    page.locator('.game-card[data-game="presto"]').get_by_role("button", name="Mit mehreren Handys").click()
    page.get_by_role("button", name="Code erzeugen").click()
    page.get_by_text("Code der Runde: ", exact=False).wait_for()
    return page


def presto_daily(page):
    """Presto: the record of the puzzles of the day, after today's is given up."""
    from test_presto_site import go

    page.locator('.game-card[data-game="presto"]').get_by_role("button", name="Rätsel des Tages").click()
    go(page)
    for _ in range(2):
        page.get_by_role("button", name="Aufgeben").click()
    page.get_by_role("button", name="Statistik und Teilen").click()
    return page


DIALOGS = {"replace": replace_question, "elsewhere": taken_over_elsewhere, "td-joker": typdom_joker,
           "bl-joker": bluff_joker, "dw-joker": dicewords_joker, "pr-joker": presto_joker,
           "pr-share": presto_across_phones, "pr-daily": presto_daily}


@pytest.mark.parametrize("dialog", list(DIALOGS))
def test_every_dialog_fits_with_its_buttons_in_view(request, dialog):
    # (each from a game of its own, in the module's shared page; a second tab that takes the game over has a page
    # of its own)
    page = request.getfixturevalue("page" if dialog == "elsewhere" else "shared_page")
    shown = DIALOGS[dialog](page)
    shown.locator(f"dialog#{dialog}").wait_for(state="visible")
    for size in SIZES.values():
        shown.set_viewport_size(size)
        if SHOTS:
            shown.screenshot(path=str(Path(SHOTS) / f"dialog-{dialog}-{size['width']}x{size['height']}.png"))
        assert shown.evaluate(DIALOG_PROBLEMS_JS) == [], size
