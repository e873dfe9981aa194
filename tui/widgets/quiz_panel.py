"""The question being asked: its prompt, a way to answer, and the feedback; the answer goes up
as :class:`QuizPanel.Answered`."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList

from lessons.answers.checking import AnswerType, Posed
from lessons.answers.feedback import say
from lessons.i18n import _
from tui.widgets.quiz_answer import AnswerField, TextMessage
from tui.widgets.quiz_choices import QuizChoices
from tui.widgets.read_on_scroll import ReadOnScroll
from tui.widgets.word_wrapped import WordWrapped


class FeedbackBox(ReadOnScroll):
    """The feedback, as tall as it needs up to a limit (lessons.tcss); a longer one scrolls."""

    class Scrolled(ReadOnScroll.Scrolled):
        """The feedback scrolled (what Enter does may have changed)."""


class QuizPanel(Vertical):
    """Prompt, answer widget and feedback for one question, then what Enter does next."""

    class Answered(TextMessage):
        """The student answered (a typed text, or the number of the choice)."""

    _next_shown: tuple[str, bool, tuple[str, ...]] | None = None
    """The next-step line drawn, whether the feedback was above it, and its room."""

    def compose(self) -> ComposeResult:
        yield WordWrapped(id="quiz-prompt")
        yield QuizChoices(id="quiz-choices")
        yield AnswerField(id="quiz-answer")
        with FeedbackBox(id="quiz-feedback-box"):
            yield WordWrapped(id="quiz-feedback")
        yield WordWrapped(id="quiz-next")

    def on_mount(self) -> None:
        self.note("", next_step="")

    def ask(self, posed: Posed, scored: bool, label: str | None = None) -> None:
        """Show a new question and focus its answer widget; ``label`` introduces it (by
        default "Quiz question:" or "Question:", as ``scored`` says)."""
        if label is None:
            label = _("Quiz question:") if scored else _("Question:")
        self.show_prompt((label, posed.prompt))
        choices = self.query_one(QuizChoices)
        field = self.query_one(AnswerField)
        typed = posed.answer_type not in (AnswerType.CHOICE, AnswerType.PLACE)
        choices.display = posed.answer_type is AnswerType.CHOICE
        field.display = typed
        field.text = ""
        field.echo = False
        field.hint = field.short_hint = ""
        if typed:  # focused now, not after the queue: a key typed with the one that asked
            self.screen.set_focus(field)  # answers, as the keys come
        elif posed.answer_type is AnswerType.PLACE:
            self.screen.set_focus(None)  # answered on the place board
        else:
            labels = tuple(posed.choice_label(i) for i in range(len(posed.choices)))
            choices.set_choices(posed.choices, posed.number_picks, labels if posed.lettered else ())
            self.screen.set_focus(choices)
            field.echo = True
            if posed.lettered:
                field.hint = _("(press [a] to [{last}], or type the number, then Enter)").format(
                    last=posed.last_label
                )
                field.short_hint = _("(a to {last}, or the number)").format(last=posed.last_label)
                field.display = True
        self._lettered = posed.answer_type is AnswerType.CHOICE and posed.lettered
        field.refresh()
        self._show_feedback("")
        self.next_step("")
        self.display = True

    _feedback = ""
    """The feedback shown (empty: none)."""
    _lettered = False
    """The question waiting has lettered choices (its answer line always shows)."""

    def _show_feedback(self, message: str) -> None:
        """``message`` in the feedback box, from its first line."""
        self._feedback = message
        self.query_one("#quiz-feedback", WordWrapped).show_text(message)
        box = self.query_one(FeedbackBox)
        box.display = bool(message)
        box.scroll_home(animate=False, immediate=True)

    @property
    def feedback_box(self) -> FeedbackBox:
        return self.query_one(FeedbackBox)

    def next_step(self, message: str, room_for: Sequence[str] = ()) -> None:
        """The line under the feedback: what Enter does now (empty: none), as tall as the
        tallest of ``room_for`` (the lines that may replace it), so the layout stays."""
        line = self.query_one("#quiz-next", WordWrapped)
        after = self.query_one(FeedbackBox).display
        shown = (message, after, tuple(room_for))
        if shown == self._next_shown:
            return
        self._next_shown = shown
        line.show_text(message, room_for=room_for)
        line.display = bool(message)
        line.set_class(after, "-after")

    def feedback(self, message: str, kept: str = "") -> None:
        """Feedback on the answer (or a hint); the answer box is cleared for another try, but
        for ``kept``: words typed on choices to go on with."""
        self._show_feedback(message)
        self.query_one(AnswerField).text = ""
        choices = self.query_one(QuizChoices)
        if choices.display:
            choices.start_over(kept)

    def show_prompt(self, question: tuple[str, str] | None) -> None:
        """The question's label (in bold) and prompt above the answer, or (None) no prompt."""
        prompt = self.query_one("#quiz-prompt", WordWrapped)
        if question is not None:
            label = question[0] + " "
            prompt.show_text(label + question[1], bold_prefix=len(label))
        prompt.display = question is not None

    def note(
        self, message: str, next_step: str | None = None, answered: tuple[str, str] | None = None
    ) -> None:
        """No question waiting: show ``message`` and ``next_step`` under it (None: the caller's),
        with ``answered`` (the label and prompt it answers) above."""
        if self.screen.focused in (self.query_one(QuizChoices), self.query_one(AnswerField)):
            self.screen.set_focus(None)
        self.show_prompt(answered)
        self._lettered = False
        self.query_one(QuizChoices).display = False
        self.query_one(AnswerField).display = False
        self._show_feedback(message)
        if next_step is not None:
            self.next_step(next_step)

    def on_answer_field_submitted(self, event: AnswerField.Submitted) -> None:
        event.stop()
        self.post_message(self.Answered(event.text))

    def on_quiz_choices_typed(self, event: QuizChoices.Typed) -> None:
        """What is typed on the choices shows in the answer line (only while there is some)."""
        event.stop()
        field = self.query_one(AnswerField)
        field.text = event.text
        field.display = bool(event.text) or self._lettered

    def on_quiz_choices_typed_answer(self, event: QuizChoices.TypedAnswer) -> None:
        """A word typed and Enter: one answer, read by the question as a whole."""
        event.stop()
        self.post_message(self.Answered(event.text))

    def on_quiz_choices_nothing_chosen(self, event: QuizChoices.NothingChosen) -> None:
        """Enter with nothing chosen: say how to choose; it answers nothing and costs nothing."""
        event.stop()
        choices = self.query_one(QuizChoices)
        count = choices.option_count
        if choices.labels:
            note = say("format.choice_letters_none", last=choices.labels[-1])
        else:
            note = say("format.choice_none", count=count)
        # under the feedback on the last answer, never in its place
        if self._feedback and note not in self._feedback:
            note = f"{self._feedback}\n\n{note}"
        elif self._feedback:
            note = self._feedback
        self._show_feedback(note)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Answered(self.query_one(QuizChoices).label(event.option_index)))
