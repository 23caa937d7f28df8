"""The page of ``poker-analyzer ui`` in a real browser: headless Chromium (Debian's, driven by
playwright) clicks a range into the grid, picks a board, asks for the equity and reads the
answer off the page, which must equal :func:`analyzer.api.holdem.equity`'s; the same for a Pai
Gow split against :func:`analyzer.api.paigow.split`, the results gallery against the files, and
whole games of Head to Head and Saint Poker, clicked through, against the API's games of the
same seeds.

The slow tier (``.ci/run`` installs Debian's ``chromium`` first, so CI never skips); elsewhere
the tests skip, saying why, when ``/usr/bin/chromium`` or playwright is missing. Screenshots go
to ``test-artifacts/`` at the repository's root (ignored by git); ``ui-holdem.png`` is the
picture of the docs (``docs/img/ui.png``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import analyzer as pa
from test_ui_http import serving

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
TIMEOUT_MS = 300_000  # the first query of a game compiles its kernels on a fresh clone (Pai Gow: a minute)

pytestmark = pytest.mark.slow

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extra)")
if not CHROMIUM.exists():
    pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium; .ci/run installs it)", allow_module_level=True)


@pytest.fixture
def page() -> Iterator:
    """A fresh page in a fresh browser for each test: no test leans on another's clicks, which
    ``-n 2`` may run in another worker."""
    ARTIFACTS.mkdir(exist_ok=True)
    with serving() as url, playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
        tab = browser.new_page(viewport={"width": 1400, "height": 1100})
        tab.set_default_timeout(TIMEOUT_MS)
        errors: list[str] = []  # the page's uncaught errors and console errors: none is expected but
        tab.on("pageerror", lambda error: errors.append(str(error)))  # the 400 of the bad range typed below
        tab.on(
            "console", lambda m: errors.append(m.text) if m.type == "error" and "status of 400" not in m.text else None
        )
        tab.goto(url)
        tab.wait_for_selector("body[data-ready=true]")
        yield tab
        browser.close()
    assert errors == []


def cell(page, player: int, name: str):
    return page.locator(f".grid[data-player='{player}'] .cell[data-class='{name}']")


def drag(page, player: int, names: list[str]) -> None:
    """Press on the first class's cell, move within each of the others, release on the last.

    The pointer steps within each cell and jumps between them: a path across the corner of four
    cells (a diagonal drag) would touch a neighbour or not depending on the fonts' sub-pixel
    layout, as a finger does in ``test_grid_by_touch``."""
    boxes = [cell(page, player, name).bounding_box() for name in names]
    page.mouse.move(boxes[0]["x"] + boxes[0]["width"] / 2, boxes[0]["y"] + boxes[0]["height"] / 2)
    page.mouse.down()
    for box in boxes[1:]:
        for fx, fy in ((0.3, 0.3), (0.5, 0.5), (0.7, 0.6)):
            page.mouse.move(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
    page.mouse.up()


def range_box(page, player: int):
    return page.locator(f".player[data-player='{player}'] textarea")


def wait_text(page, player: int, text: str) -> None:
    page.wait_for_function(
        "([player, text]) => document.querySelector(`.player[data-player='${player}'] textarea`).value === text",
        arg=[player, text],
    )


def grid_weights(page, player: int) -> list[list[float]]:
    weights = page.eval_on_selector_all(
        f".grid[data-player='{player}'] .cell", "cells => cells.map(c => Number(c.dataset.weight))"
    )
    return [weights[13 * r : 13 * r + 13] for r in range(13)]


def test_holdem_calculator(page):
    labels = page.eval_on_selector_all(".grid[data-player='0'] .cell", "cells => cells.map(c => c.textContent)")
    assert labels == [pa.ranges.class_at(r, c) for r in range(13) for c in range(13)]  # all 169 classes

    drag(page, 0, ["AA", "KK", "QQ"])  # click and drag down the diagonal
    wait_text(page, 0, "QQ+")
    cell(page, 0, "AKs").click()
    wait_text(page, 0, "QQ+, AKs")
    assert grid_weights(page, 0) == pa.ranges.parse("QQ+, AKs").grid().tolist()

    page.locator(".player[data-player='0'] input.paint").fill("50")  # a partial class
    cell(page, 0, "AQs").click()
    wait_text(page, 0, "QQ+, AKs, AQs:0.5")
    assert cell(page, 0, "AQs").locator(".fill").evaluate("f => f.style.height") == "50%"
    cell(page, 0, "AQs").click()  # the same weight again takes it out
    wait_text(page, 0, "QQ+, AKs")

    range_box(page, 1).fill("JhTh, AKq")  # a bad range: its one-line message next to the box
    error = page.locator(".player[data-player='1'] .error")
    with pytest.raises(ValueError) as bad:
        pa.ranges.parse("JhTh, AKq")
    page.wait_for_function("e => e.textContent.length > 0", arg=error.element_handle())
    assert error.text_content() == str(bad.value)
    range_box(page, 1).fill("JhTh")
    page.wait_for_function("e => e.textContent === ''", arg=error.element_handle())

    for card in ("Ah", "9h", "2c"):
        page.locator(f"#deck .card[data-card='{card}']").click()
    page.locator("input[name=target][value=dead]").check()
    page.locator("#deck .card[data-card='2d']").click()
    assert page.locator("#board-text").text_content() == "Ah 9h 2c"

    page.locator("#run-equity").click()
    page.wait_for_selector("#equity-table .equity")
    shown = [float(x) for x in page.eval_on_selector_all("#equity-table .equity", "s => s.map(e => e.dataset.equity)")]
    truth = pa.holdem.equity(["QQ+, AKs", "JhTh"], board="Ah 9h 2c", dead="2d")
    assert truth.run.exact and page.locator("#equity-answer").get_attribute("data-exact") == "true"
    assert shown == [p.equity for p in truth.players]
    live = page.eval_on_selector_all("#equity-table tbody td:nth-child(3)", "cells => cells.map(c => c.textContent)")
    assert live == [
        f"{p.combos}" if p.combos == p.combos_listed else f"{p.combos} of {p.combos_listed}" for p in truth.players
    ]

    captions = page.locator("#equity-answer details").first.locator("h3").all_text_contents()
    assert captions == ["by class", "by combo"]  # the breakdown's two tables, each named

    page.locator("#run-streets").click()  # every turn of the flop, as a chart
    page.wait_for_selector("#streets-answer svg polyline.player-2")
    assert page.locator("#streets-answer svg polyline").count() == 2
    turns = pa.holdem.turns(["QQ+, AKs", "JhTh"], "Ah 9h 2c", "2d")
    assert f"({len(turns.cards)} turns)" in page.locator("#streets-answer h2").text_content()

    page.locator("#run-hits").click()  # player 1's hits on the flop, then the filter
    page.wait_for_selector("#hits-answer .hit-row")
    page.locator("#hits-answer button").click()  # no row ticked: said so, no box changed
    assert page.locator("#hits-error").text_content() == "tick at least one row first"
    assert range_box(page, 0).input_value() == "QQ+, AKs"
    page.locator("#hits-answer .hit-row[value='Set']").check()
    page.locator("#hits-answer .hit-row[value='Top pair']").check()
    page.locator("#hits-answer select").select_option("2")
    page.locator("#hits-answer button").click()
    expected = pa.holdem.hits("QQ+, AKs", "Ah 9h 2c", "2d").filter("Set", "Top pair").canonical()
    wait_text(page, 2 - 1, expected)
    page.screenshot(path=ARTIFACTS / "ui-holdem.png", full_page=True)


def test_percentage_slider(page):
    slider = page.locator(".player[data-player='0'] input.share")
    slider.fill("10")
    slider.dispatch_event("change")
    wait_text(page, 0, "10%")
    page.wait_for_function(
        "n => document.querySelectorAll(\".grid[data-player='0'] .cell.on\").length === n",
        arg=int((pa.ranges.parse("10%").grid() > 0).sum()),
    )
    assert grid_weights(page, 0) == pa.ranges.parse("10%").grid().tolist()


def test_street_buttons_follow_the_board(page):
    """Every flop with no board, every turn with a flop; neither, nor the hits, on a river."""
    streets, hits = page.locator("#run-streets"), page.locator("#run-hits")
    page.locator("input[name=target][value=board]").check()
    for card in ("Ah", "9h", "2c"):
        page.locator(f"#deck .card[data-card='{card}']").click()
    assert page.locator("#board-text").text_content() == "Ah 9h 2c"
    assert streets.text_content() == "Every turn" and streets.is_enabled()
    for card in ("Kd", "Qd"):
        page.locator(f"#deck .card[data-card='{card}']").click()
    assert streets.is_disabled() and hits.is_disabled()
    page.locator("#clear-board").click()
    assert streets.text_content() == "Every flop" and streets.is_enabled() and hits.is_enabled()


def test_generic_syntax_and_weights_both_ways(page):
    """ProPokerTools' generic syntax and weights typed in the box fill the grid as the parser
    says; a grid edit on top of them gives the range algebra's canonical text; the slider
    shows the share of hands the range holds."""
    text = "TT+:0.5!AA, AxKx"
    range_box(page, 1).fill(text)
    parsed = pa.ranges.parse(text)
    page.wait_for_function(
        "n => document.querySelectorAll(\".grid[data-player='1'] .cell[aria-pressed='mixed']\").length === n",
        arg=int(((parsed.grid() > 0) & (parsed.grid() < 1)).sum()),
    )
    assert grid_weights(page, 1) == parsed.grid().tolist()
    share = page.locator(".player[data-player='1'] input.share").input_value()
    assert float(share) == round(200 * parsed.to_dict()["share"]) / 2
    page.locator(".player[data-player='1'] input.paint").fill("50")
    cell(page, 1, "QQ").click()  # at the grid weight already: taken out
    cell(page, 1, "AQs").click()  # put in at 50%
    truth = (parsed - pa.ranges.parse("QQ")) | pa.ranges.parse("AQs:0.5")
    wait_text(page, 1, truth.canonical())
    assert grid_weights(page, 1) == truth.grid().tolist()


def test_grid_by_touch(page):
    """A finger moved from AA over KK to QQ puts the classes in as the mouse does (a touch holds
    its pointer on the first cell, so the page must look at where the finger is).

    The finger steps within each cell and jumps between them: a path across the corner of four
    cells would touch a neighbour or not depending on the fonts' sub-pixel layout."""
    context = page.context.browser.new_context(viewport={"width": 1400, "height": 1100}, has_touch=True)
    try:
        tab = context.new_page()
        tab.set_default_timeout(TIMEOUT_MS)
        tab.goto(page.url)
        tab.wait_for_selector("body[data-ready=true]")
        boxes = [cell(tab, 0, name).bounding_box() for name in ("AA", "KK", "QQ")]
        x0, y0 = boxes[0]["x"] + boxes[0]["width"] / 2, boxes[0]["y"] + boxes[0]["height"] / 2
        touch = context.new_cdp_session(tab)
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for box in boxes[1:]:
            for fx, fy in ((0.3, 0.3), (0.5, 0.5), (0.7, 0.6)):
                point = {"x": box["x"] + fx * box["width"], "y": box["y"] + fy * box["height"]}
                touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        wait_text(tab, 0, "QQ+")
    finally:
        context.close()


def test_grid_by_keyboard(page):
    """One tab stop per grid; the arrow keys move, Space and Enter toggle, as clicks do."""
    range_box(page, 0).fill("")
    page.locator(".player[data-player='0'] input.paint").fill("100")
    page.wait_for_function(
        "() => document.querySelector(\".player[data-player='0'] .counts\").textContent === 'no combos'"
    )
    cell(page, 0, "AA").focus()
    for key in ("ArrowRight", "ArrowDown", "ArrowDown", "Space", "ArrowLeft", "Enter"):
        page.keyboard.press(key)  # right to AKs, down to KK then KQo, in; left to AQo, in
    wait_text(page, 0, pa.ranges.parse("KQo, AQo").canonical())
    assert page.evaluate("document.activeElement.dataset.class") == "AQo"
    assert page.locator(".grid[data-player='0'] .cell[tabindex='0']").count() == 1
    assert cell(page, 0, "KQo").get_attribute("aria-pressed") == "true"
    page.keyboard.press("Space")  # again: out
    wait_text(page, 0, "KQo")
    page.eval_on_selector_all(  # two edits sent before either is answered: neither is lost
        ".grid[data-player='0'] .cell[data-class='JJ'], .grid[data-player='0'] .cell[data-class='TT']",
        "cells => cells.forEach(c => c.click())",
    )
    wait_text(page, 0, pa.ranges.parse("JJ, TT, KQo").canonical())


def test_players_stay_between_two_and_ten(page):
    """The remove buttons are disabled at two players; a third can be added and removed, the
    others' ranges kept."""
    removes = page.locator(".player button.remove")
    assert removes.count() == 2 and all(removes.nth(i).is_disabled() for i in range(2))
    texts = [range_box(page, i).input_value() for i in range(2)]
    page.locator("#add-player").click()
    assert page.locator(".player").count() == 3 and not removes.first.is_disabled()
    removes.nth(2).click()
    assert page.locator(".player").count() == 2
    assert [range_box(page, i).input_value() for i in range(2)] == texts


def test_paigow_split(page):
    page.locator("nav .tab[data-tab=paigow]").click()
    assert page.locator("nav .tab[aria-selected=true]").get_attribute("data-tab") == "paigow"
    hand = ["Ac", "Kd", "Kh", "7s", "5c", "3d", "Jk"]
    for card in hand:
        page.locator(f"#pg-deck .card[data-card='{card}']").click()
    assert page.locator("#pg-hand").input_value() == " ".join(hand)
    page.locator("#run-paigow").click()
    page.wait_for_selector("#pg-answer .ev")
    answer = page.locator("#pg-answer")
    house = pa.paigow.house_way(" ".join(hand))
    assert f"front {house.front}, back {house.back}" in answer.locator("h2").text_content()
    if answer.get_attribute("data-exact") == "true":
        truth = pa.paigow.split(" ".join(hand), exact=True)
    else:
        run = pa.paigow.split(" ".join(hand), trials=1)  # its chunk size: the verb's default
        truth = pa.paigow.split(
            " ".join(hand),
            exact=False,
            seed=int(answer.get_attribute("data-seed")),
            trials=int(answer.get_attribute("data-trials")),
            chunk_size=run.run.chunk_size,
        )
    shown = [float(x) for x in page.eval_on_selector_all("#pg-answer .ev", "s => s.map(e => e.dataset.ev)")]
    assert shown == [s.ev for s in truth.splits]
    house_row = page.locator("#pg-answer tr.house-way td").first.text_content()
    assert house_row == house.front
    page.screenshot(path=ARTIFACTS / "ui-paigow.png", full_page=True)

    page.locator("#pg-hand").fill("2c 2d 9h 9s kc qd jk")  # typed as the API reads it, not as the deck shows it
    page.locator("#run-paigow").click()
    page.wait_for_function("() => document.querySelector('#pg-answer h2').textContent.startsWith('2c 2d')")
    held = page.eval_on_selector_all("#pg-deck .card.hand", "cards => cards.map(c => c.dataset.card)")
    assert sorted(held) == sorted(["2c", "2d", "9h", "9s", "Kc", "Qd", "Jk"])


def test_results_gallery(page):
    page.locator("nav .tab[data-tab=results]").click()
    entry = page.locator("#results-list li[data-path='holdem/heads_up_matrix']")
    entry.click()
    image = page.locator("#results-view img").first
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    assert page.locator("#results-view dl.manifest dd").first.text_content() == "exact"
    page.screenshot(path=ARTIFACTS / "ui-results.png", full_page=True)


def test_play_head_to_head(page, monkeypatch):
    """A whole Open 5 game against greedy, a button clicked for each move: the board, the
    cards you may place and the moves are the API's game of the same seed after each move, the
    advice is the API's (fewer play-outs than the page's, for time), and the end names the
    winner."""
    from analyzer.cards import format_cards
    from analyzer.ui import calls

    monkeypatch.setattr(calls, "ADVICE_TRIALS", 200)  # the server runs in this process
    page.locator("nav .tab[data-tab=play]").click()
    page.locator("#play-opponent").select_option("greedy")
    page.locator("#play-round-type").select_option("open5")
    page.locator("#play-seed").fill("three")  # bad input: its one line, and no game
    page.locator("#play-new").click()
    page.wait_for_function("() => document.querySelector('#play-error').textContent !== ''")
    assert page.locator("#play-error").text_content() == (
        "seed: expected a whole number from 0 to 2**64 - 1, got 'three'"
    )
    assert page.locator("#play-board").count() == 0
    page.locator("#play-seed").fill("3")
    page.locator("#play-new").click()
    page.wait_for_selector("#play-board")
    assert page.locator("#play-error").text_content() == ""
    game = pa.head_to_head.human_game("greedy", round_type="open5", seed=3)

    def shown_board() -> list[list[list[str]]]:
        return page.eval_on_selector_all(
            "#play-board tbody tr",
            "rows => rows.map(r => [...r.querySelectorAll('td')].slice(1).map("
            "td => [...td.querySelectorAll('.card')].map(c => c.dataset.card)))",
        )

    turns = 0
    while not game.over:
        layout = [
            [format_cards(you).split(), [format_cards([common])], format_cards(them).split()]
            for you, common, them in game.layout()
        ]
        layout = [[[c for c in cell if c] for cell in row] for row in layout]
        assert shown_board() == layout
        assert page.locator("#play-status").text_content() == game.board().splitlines()[0]
        moves = game.moves()
        labels = page.eval_on_selector_all("#play-moves button.move", "bs => bs.map(b => b.dataset.label)")
        assert labels == [m.label for m in moves]
        pick = (5 * turns) % len(moves)
        move = moves[pick]
        advice, strong = game.advice(trials=200), game.strong_move()
        game.play(move)
        page.locator(f"#play-moves button.move[data-move='{pick + 1}']").click()  # its centre: within the button
        page.wait_for_function(
            "label => !document.querySelector('#play-game').dataset.busy"
            " && document.querySelector('#advice-you')?.dataset.label === label",
            arg=move.label,
        )
        values = {m.label: m for m in advice.moves}
        assert float(page.locator("#advice-you").get_attribute("data-ev")) == values[move.label].ev
        assert page.locator("#advice-strong").get_attribute("data-label") == strong.label
        assert page.locator("#advice-best").get_attribute("data-label") == advice.best.label
        assert advice.continuation in page.locator("#advice-continuation").text_content()
        assert page.locator("#play-error").text_content() == ""
        turns += 1
        if turns == 6:
            page.screenshot(path=ARTIFACTS / "ui-play.png", full_page=True)
    page.wait_for_selector("#play-end")
    winner = ("you", "opponent")[game.winner]
    assert page.locator("#play-end").get_attribute("data-winner") == winner
    assert page.locator("#play-end").text_content().startswith("You win" if winner == "you" else "The opponent wins")
    assert page.locator("#play-moves").count() == 0
    events = page.eval_on_selector_all("#play-events li", "items => items.map(i => i.textContent)")
    assert events == game.events and turns == 4 * (3 + 4 + 5)


def test_a_thinking_time_gives_the_opponents_a_budget(page):
    """The "Thinks" select of both games: the game starts against the player with the budget
    measured for that time, named on the page with the measurement's line, and the API's game
    with that player and seed is the page's."""
    page.locator("nav .tab[data-tab=play]").click()
    page.locator("#play-round-type").select_option("draw1")
    page.locator("#play-think").select_option(label="0.1 s a move")
    page.locator("#play-seed").fill("5")
    page.locator("#play-new").click()
    page.wait_for_selector("#play-board")
    facts = page.locator("#play-game .method").first.text_content()
    opponent = facts.removeprefix("against ").split(",")[0]
    assert opponent.startswith("ismcts:") and "about 100 ms a move on this machine" in facts
    game = pa.head_to_head.human_game(opponent, round_type="draw1", seed=5)
    labels = page.eval_on_selector_all("#play-moves button.move", "bs => bs.map(b => b.dataset.label)")
    assert labels == [m.label for m in game.moves()]
    page.locator("nav .tab[data-tab=saint]").click()
    page.locator("#saint-players").select_option("2")
    page.locator("#saint-think").select_option(label="0.1 s a move")
    page.locator("#saint-new").click()
    page.wait_for_selector("#saint-seats")
    facts = page.locator("#saint-game .method").first.text_content()
    assert "search:" in facts and "about 100 ms a move on this machine" in facts
    page.locator("#saint-opponents").select_option("greedy")  # no budget to set: one line, no game
    page.locator("#saint-new").click()
    page.wait_for_function("() => document.querySelector('#saint-error').textContent !== ''")
    assert page.locator("#saint-error").text_content().startswith("a thinking time needs a simulating opponent")


def test_play_saint_poker(page, monkeypatch):
    """A whole game of Saint Poker of three players against greedy, a button clicked for each
    decision: the table (the status line, the river and the future river, each seat's points
    and the cards known and shown, your hand) and the choices are the API's game of the same
    seed at each decision, the advice is the API's (fewer samples than the page's, for time),
    and the end names the winners."""
    from analyzer.cards import format_cards
    from analyzer.ui import calls

    monkeypatch.setattr(calls, "SAINT_ADVICE_TRIALS", 50)  # the server runs in this process
    page.locator("nav .tab[data-tab=saint]").click()
    page.locator("#saint-players").select_option("3")
    page.locator("#saint-opponents").select_option("greedy")
    page.locator("#saint-seed").fill("eleven")  # bad input: its one line, and no game
    page.locator("#saint-new").click()
    page.wait_for_function("() => document.querySelector('#saint-error').textContent !== ''")
    assert page.locator("#saint-error").text_content() == (
        "seed: expected a whole number from 0 to 2**64 - 1, got 'eleven'"
    )
    assert page.locator("#saint-seats").count() == 0
    page.locator("#saint-seed").fill("11")
    page.locator("#saint-new").click()
    page.wait_for_selector("#saint-seats")
    assert page.locator("#saint-error").text_content() == ""
    game = pa.saint_poker.human_game(3, "greedy", seed=11)

    def cards(selector: str) -> list[str]:
        return page.eval_on_selector_all(f"{selector} .card", "cs => cs.map(c => c.dataset.card)")

    def check_table() -> None:
        seen = game.position()
        assert page.locator("#saint-status").text_content() == game.board().splitlines()[0]
        assert cards("#saint-river") == format_cards([*seen.river, *seen.future]).split()
        assert cards("#saint-hand") == format_cards(seen.hand).split()
        for p in range(1, game.players):
            known = page.locator(f"#saint-seats tr[data-seat='{p}'] td:nth-child(3)")
            shown = page.locator(f"#saint-seats tr[data-seat='{p}'] td:nth-child(4)")
            assert cards_in(known) == format_cards(seen.known[p]).split()
            assert cards_in(shown) == format_cards(game.revealed(p)).split()

    def cards_in(cell) -> list[str]:
        return cell.evaluate("td => [...td.querySelectorAll('.card')].map(c => c.dataset.card)")

    turns = 0
    while not game.over:
        check_table()
        choices = game.choices()
        shown = page.eval_on_selector_all("#saint-choices button.move", "bs => bs.map(b => b.dataset.cards)")
        assert shown == [format_cards(c) for c in choices]
        pick = (5 * turns) % len(choices)
        choice = choices[pick]
        advice, strong = game.advice(trials=50), game.strong_choice()
        game.play(choice)
        page.locator(f"#saint-choices button.move[data-choice='{pick + 1}']").click()  # its centre
        page.wait_for_function(
            "([cards, turn]) => !document.querySelector('#saint-game').dataset.busy"
            " && document.querySelector('#saint-advice-you')?.dataset.cards === cards"
            " && document.querySelectorAll('#saint-events li').length === turn",
            arg=[format_cards(choice), len(game.events)],
        )
        values = {c.cards: c for c in advice.choices}
        you = page.locator("#saint-advice-you")
        assert float(you.get_attribute("data-points")) == values[format_cards(choice)].points_total
        assert page.locator("#saint-advice-strong").get_attribute("data-cards") == format_cards(strong)
        assert page.locator("#saint-advice-best").get_attribute("data-cards") == advice.best.cards
        assert advice.continuation in page.locator("#saint-advice-continuation").text_content()
        assert page.locator("#saint-error").text_content() == ""
        turns += 1
        if turns == 9:
            page.screenshot(path=ARTIFACTS / "ui-saint.png", full_page=True)
    check_table()
    winners = ",".join(game.seats()[p] for p in game.winners())
    assert page.locator("#saint-end").get_attribute("data-winners") == winners
    assert page.locator("#saint-choices").count() == 0
    events = page.eval_on_selector_all("#saint-events li", "items => items.map(i => i.textContent)")
    assert events == game.events and turns == 8 * 4 - 2


def test_play_head_to_head_betting(page, monkeypatch):
    """A whole betting game (Hold 3 rounds) against greedy placing and threshold betting, each
    decision clicked: a placement's row button, No bet, a bet's amount chosen from its row's list
    and Bet, Decline, Call, or a raise's amount and Raise. After each decision the board (the
    stacks in the status line, each row's cards and chips), the cards you hold and your choices
    are the API's game of the same seed, the advice is the API's (fewer play-outs than the
    page's, for time), and the end names the winner."""
    from analyzer.cards import format_cards
    from analyzer.ui import calls

    monkeypatch.setattr(calls, "BET_ADVICE_TRIALS", 20)  # the server runs in this process
    page.locator("nav .tab[data-tab=play]").click()
    page.locator("#play-opponent").select_option("greedy")
    page.locator("#play-round-type").select_option("hold3")
    page.locator("#play-betting").check()
    page.locator("#play-bets").select_option("threshold")
    page.locator("#play-seed").fill("3")
    page.locator("#play-new").click()
    page.wait_for_selector("#play-board")
    game = pa.head_to_head.human_game("greedy", round_type="hold3", betting=True, opponent_bets="threshold", seed=3)

    def shown_board() -> list[list]:
        return page.eval_on_selector_all(
            "#play-board tbody tr",
            "rows => rows.map(r => [...r.querySelectorAll('td')].slice(1, 4).map("
            "td => [...td.querySelectorAll('.card')].map(c => c.dataset.card)).concat("
            "[r.querySelector('.row-chips').textContent]))",
        )

    def board_chips(row: int) -> str:
        base, you, them, closed, paid = game.row_chips(row)
        if paid:
            return "paid"
        words = f"base ${base}" + (f", you ${you}, opp ${them}" if you or them else "")
        return words + (", closed" if closed else "")

    turns = bets = 0
    while not game.over:
        layout = [
            [format_cards(you).split(), [format_cards([common])], format_cards(them).split(), board_chips(r)]
            for r, (you, common, them) in enumerate(game.layout())
        ]
        layout = [[[c for c in cell if c] if isinstance(cell, list) else cell for cell in row] for row in layout]
        assert shown_board() == layout
        assert page.locator("#play-status").text_content() == game.board().splitlines()[0]
        held = page.eval_on_selector_all("#play-cards .card", "cs => cs.map(c => c.dataset.card)")
        assert held == format_cards(game.your_cards()[1]).split()
        if game.decision == "place":
            moves = game.moves()
            labels = page.eval_on_selector_all("#play-moves button.move", "bs => bs.map(b => b.dataset.label)")
            assert labels == [m.label for m in moves]
            pick = (5 * turns) % len(moves)
            choice = moves[pick]
            advice = game.advice(trials=20)
            game.play(choice)
            page.locator(f"#play-moves button.move[data-move='{pick + 1}']").click()
        else:
            actions = game.bet_actions()
            assert page.locator("#play-actions").get_attribute("data-decision") == game.decision
            described = page.eval_on_selector_all("#play-described li", "items => items.map(i => i.textContent)")
            assert described == game.describe_choices()
            pick = (3 * turns) % len(actions)
            choice = actions[pick]
            advice = game.advice(trials=20, include=choice)
            game.act(choice)
            kind = choice.label.split()[0]
            if kind == "bet":
                page.locator(f"#play-bet-{choice.row + 1}").select_option(str(pick + 1))
                page.locator(f"#play-actions button[data-kind=bet][data-row='{choice.row + 1}']").click()
            elif kind == "raise":
                page.locator("#play-raise").select_option(str(pick + 1))
                page.locator("#play-actions button[data-kind=raise]").click()
            else:  # no bet, decline, call: a button each
                page.locator(f"#play-actions button.move[data-move='{pick + 1}']").click()
            bets += 1
        page.wait_for_function(
            "([label, events]) => !document.querySelector('#play-game').dataset.busy"
            " && document.querySelector('#advice-you')?.dataset.label === label"
            " && document.querySelectorAll('#play-events li').length === events",
            arg=[choice.label, len(game.events)],
        )
        assert float(page.locator("#advice-you").get_attribute("data-ev")) == advice.value_of(choice.label).ev
        assert page.locator("#advice-strong").get_attribute("data-label") == advice.best.label
        assert advice.continuation in page.locator("#advice-continuation").text_content()
        assert page.locator("#play-error").text_content() == ""
        turns += 1
        if bets == 4:
            page.screenshot(path=ARTIFACTS / "ui-play-betting.png", full_page=True)
    page.wait_for_selector("#play-end")
    winner = ("you", "opponent")[game.winner]
    assert page.locator("#play-end").get_attribute("data-winner") == winner
    assert page.locator("#play-moves").count() == 0 and page.locator("#play-actions").count() == 0
    events = page.eval_on_selector_all("#play-events li", "items => items.map(i => i.textContent)")
    assert events == game.events and bets > 0 and turns == 4 * (3 + 4 + 5) + bets
