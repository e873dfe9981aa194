"""Key bars: the main screen's keys, whole within 80 columns, clicked, dimmed while a run owns the
engine, Pause and Stop while autoplay plays, [r] and [a] marked at the search's end; guess mode's
answer keys as the question names them, in every language; the keys other bars' text names."""

from __future__ import annotations

import pytest

from lessons import i18n
from solver.guess.stage import Stage
from tests.tiers import sweep
from tests.tui.guess_keys import open_guess
from tests.tui.lesson_apps import lesson_opened, lesson_screen, tutor_on
from tests.tui.screen_text import main_screen, press_for, screen_lines, thumbs, tutor_run, wait_for
from tests.tui.test_lesson_guess import GUESS, LESSON
from tui.app import QueensTutorApp
from tui.glyphs import ASCII, UNICODE
from tui.screens.help_screen import HelpScreen
from tui.screens.place_screen import PlaceScreen
from tui.widgets.key_bar import KeyBar

SIZE = (80, 24)


async def test_the_bar_shows_the_screens_keys_a_click_runs_one_and_a_run_dims_them() -> None:
    """Keys are dimmed while a run owns the engine, and ctrl+q quits even then."""
    app = QueensTutorApp(28)  # its first solution takes millions of ticks
    async with app.run_test(size=SIZE) as pilot:
        bar = app.screen.query_one(KeyBar)
        text = bar.text.plain
        for shown in ("space Tick", "← Undo", "Iter", "s Solve", "m Method", "? Help", "q Quit"):
            assert shown in text
        assert "Backtrack" not in text  # show=False bindings stay out
        await pilot.click(KeyBar, offset=(2, 0))  # on "space Tick"
        await wait_for(pilot, lambda: main_screen(app).session.engine.tick == 1)
        before = bar.text
        await pilot.press("s")
        await wait_for(pilot, lambda: main_screen(app).running)
        await wait_for(pilot, lambda: bar.text.spans != before.spans)
        assert [span for span in bar.text.spans if "dim" in str(span.style)]
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
@pytest.mark.parametrize("ascii_mode", [False, True], ids=["unicode", "ascii"])
async def test_the_bar_fits_80_columns_with_whole_keys_and_the_help_key(
    lang: str, ascii_mode: bool
) -> None:
    """Keys left out whole from the end, the help key kept; with Unicode every key fits, q too;
    ASCII names the keys in ASCII."""
    i18n.set_language(lang)
    async with tutor_run(8, glyphs=ASCII if ascii_mode else UNICODE, size=SIZE) as (app, pilot):
        await pilot.pause()
        bar = main_screen(app).query_one(KeyBar)
        text = bar.text.plain
        assert bar.text.cell_length <= SIZE[0]
        help_key = i18n._("Help")
        assert f"? {help_key}" in text
        keys: dict[tuple[str, str], list[str]] = {}
        for _node, binding, _enabled, _tip in main_screen(app).active_bindings.values():
            if binding.show:
                label = i18n._(binding.description)
                keys.setdefault((binding.action, label), []).append(app.get_key_display(binding))
        for (_action, label), shown_keys in keys.items():
            if f" {label}" in f" {text}":  # a key is shown whole or not at all
                assert any(f"{key} {label}" in text for key in shown_keys), label
        if ascii_mode:
            assert all(key.isascii() for shown in keys.values() for key in shown), keys
            assert text.isascii() or lang != "en", text
            assert f"left {i18n._('Undo')}" in text, text
        else:
            assert text.endswith(f"l {i18n._('Lessons')}")  # Unicode: every key fits
            assert f"q {i18n._('Quit')}" in text, text


async def test_a_bar_that_leaves_keys_out_names_the_help_that_lists_them() -> None:
    from tests.tui.lesson_apps import open_page, tutor_on_builtin

    app = tutor_on_builtin("6")  # its page 5: the listing's page, every stepping key acting
    async with lesson_opened(app) as (pilot, screen):
        await open_page(pilot, screen, 4)
        await pilot.pause()
        text = screen.query_one(KeyBar).text.plain
        acting = {b.action for _n, b, on, _t in screen.active_bindings.values() if on and b.show}
        assert "iteration" in acting and " Iter" not in text, text  # a key left out
        assert text.endswith("? Help") and len(text) <= 80, text


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_key_bar_offers_pause_and_stop_while_autoplay_runs(lang: str) -> None:
    i18n.set_language(lang)
    words = i18n.translation(lang)
    play, pause, stop = (words.gettext(w) for w in ("Play", "Pause", "Stop"))
    async with tutor_run(8, method="recursive", size=(80, 24)) as (app, pilot):
        screen = app.screen
        for running in (False, True, False):  # p starts autoplay, then pauses it
            if running != screen.running:  # type: ignore[attr-defined]
                await pilot.press("p")
                await wait_for(pilot, lambda r=running: screen.running == r)  # type: ignore[attr-defined, misc]
            await pilot.pause()
            bar = screen_lines(app)[-1]
            shown = [f"p {play}" in bar, f"p {pause}" in bar, f"esc {stop}" in bar]
            assert shown == [not running, running, running], bar


SAID = {
    "en": ("[r] resets, [a] switches", "([r] resets)"),
    "it": ("[r] ricomincia, [a] passa", "([r] ricomincia)"),
    "pl": ("[r] zaczyna od nowa, [a] przełącza", "([r] od nowa)"),
}


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_search_over_names_its_keys_marked(lang: str) -> None:
    i18n.set_language(lang)
    async with tutor_run(4, size=(120, 40)) as (app, pilot):
        await pilot.press("s")  # runs to the first solution: the search is over
        await wait_for(pilot, lambda: not main_screen(app).running)

        def shown() -> str:
            return " ".join(" ".join(screen_lines(app)).split())

        await wait_for(pilot, lambda: SAID[lang][0] in shown(), timeout=5)
        for words in SAID[lang]:
            assert words in shown(), shown()


KEYS = {"en": "y", "it": "s", "pl": "t"}


def bar(app: QueensTutorApp) -> str:
    return " " + " ".join(app.screen.query_one(KeyBar).text.plain.split()) + " "


def named_right(app: QueensTutorApp, lang: str) -> None:
    shown = bar(app)
    yes, no = i18n._("Yes"), i18n._("No")
    assert f" {KEYS[lang]} {yes} " in shown, shown
    for other in set(KEYS.values()) - {KEYS[lang]}:
        assert f" {other} {yes} " not in shown, shown
    assert lang == "en" or " y " not in shown, shown  # y answers, unnamed beside the prompt's key
    assert f" n {no} " in shown, shown


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_lessons_guess_bar_names_the_prompts_yes_key(lang: str) -> None:
    app = tutor_on(LESSON, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await lesson_screen(pilot)
        board = await open_guess(pilot)
        game = board.round.game
        for key in (KEYS[lang], "y"):  # the key named works, and the English y
            for _ in range(10):
                if game.question is not None and game.question.stage is Stage.FREE:
                    break
                await pilot.press("space")
            asked = game.question
            assert asked is not None and asked.stage is Stage.FREE
            named_right(app, lang)
            await pilot.press(key)
            await pilot.pause()
            assert game.question is not asked or asked.stage is not Stage.FREE, key


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_main_screens_guess_bar_shows_the_answer_keys_and_no_tick_or_play(
    lang: str,
) -> None:
    i18n.set_language(lang)
    async with tutor_run(5, guess=True, size=(80, 24)) as (app, pilot):
        screen = main_screen(app)
        for _ in range(12):
            await pilot.press("space")
            if screen.session.game.question is not None:
                break
        question = screen.session.game.question
        assert question is not None and question.stage is Stage.FREE
        await pilot.pause()
        named_right(app, lang)
        helped = await press_for(pilot, HelpScreen, "question_mark")  # as the bar names them
        assert (KEYS[lang], i18n._("Yes")) in helped.notes, helped.notes
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        # Space would only ask again: no Tick, no Iter, no Play while the yes or no waits.
        for word in ("Tick", "Iter", "Play"):
            assert f" {i18n._(word)} " not in bar(app), bar(app)
        await pilot.press(KEYS[lang])  # the key named works: yes closes the question
        await wait_for(pilot, lambda: not screen.session.question_open)
        assert f" {KEYS[lang]} {i18n._('Yes')} " not in bar(app), bar(app)
        await wait_for(pilot, lambda: f" {i18n._('Tick')} " in bar(app))
        assert f" {i18n._('Play')} " in bar(app), bar(app)


def bottom_line(app: QueensTutorApp) -> str:
    return screen_lines(app)[-1]


ONE_PAGE = """\
@lesson one-page
@title One page

@page Only
Read this, then finish.
"""


async def test_r_is_in_the_key_bar_at_the_lessons_end_only() -> None:
    app = tutor_on(ONE_PAGE)
    async with lesson_opened(app) as (pilot, screen):
        assert "R Restart" not in bottom_line(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.lesson_run.finished)
        await pilot.pause()
        assert "R: start again" in " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert "R Restart" in bottom_line(app), bottom_line(app)
        await pilot.press("R")
        await wait_for(pilot, lambda: not screen.lesson_run.finished)
        await pilot.pause()
        assert "R Restart" not in bottom_line(app)


@pytest.mark.parametrize(
    ("lang", "keys"), [("en", ["c Again"]), ("it", ["esc ", "c Di nuovo", "b Backtrack"])]
)
async def test_the_drive_boards_key_bar_names_again_and_keeps_escape(
    lang: str, keys: list[str]
) -> None:
    """The "you drive" board offers c, and in Italian at 80 columns keeps esc (lesson 2's
    exercise says "Poi premi esc")."""
    i18n.set_language(lang)
    async with tutor_run(4, size=(80, 24)) as (app, pilot):
        await pilot.press("o", "y")
        await wait_for(pilot, lambda: isinstance(app.screen, PlaceScreen) and app.screen.flow.drive)
        await pilot.pause()
        assert all(key in bottom_line(app) for key in keys), bottom_line(app)


@pytest.mark.parametrize(("m", "one"), [("iterative", "1 row"), ("recursive", "1 column")])
async def test_the_guess_key_bar_names_the_answer_keys_of_each_question(m: str, one: str) -> None:
    """The key bar and the help name the rule keys in the board's method's words; the code
    pane draws no thumb (the Turin listing, cut at 80x24, says so in its border)."""
    app = tutor_on(GUESS.format(ticks=14).replace("@board n=4", f"@board n=4 algorithm={m}"))
    async with app.run_test(size=(80, 24)) as pilot:
        await lesson_screen(pilot)
        board = await open_guess(pilot)
        await pilot.pause()
        assert not thumbs(board), thumbs(board)
        game = board.round.game
        seen: set[Stage] = set()
        for _ in range(40):
            await pilot.pause()
            question = game.question
            shown = bottom_line(app)
            if question is None:
                assert "space Tick" in shown, shown
                await pilot.press("space")
            elif question.stage is Stage.FREE:
                seen.add(Stage.FREE)
                assert "y Yes" in shown and "n No" in shown, shown
                assert "space" not in shown, shown
                await pilot.press("n")  # attacked: a rule is asked next when it is
            else:
                seen.add(Stage.RULE)
                for key in (one, "2 col+row", "3 row-col", "space Skip the rule"):
                    assert key in shown, shown
                assert "Tick" not in shown, shown
                helped = await press_for(pilot, HelpScreen, "question_mark")  # the same words
                assert {tuple(one.split()), ("3", "row-col")} <= set(helped.notes), helped.notes
                await pilot.press("escape")
                await wait_for(pilot, lambda: app.screen is board)
                await pilot.press("space")  # the rule skipped
            if seen == {Stage.FREE, Stage.RULE} or app.screen is not board:
                break
        assert seen == {Stage.FREE, Stage.RULE}
