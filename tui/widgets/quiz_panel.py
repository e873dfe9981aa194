"""The question being asked: its prompt, a way to answer, and the feedback.

Attributes down: the screen calls :meth:`ask`, :meth:`feedback` and :meth:`note`.
Messages up: :class:`QuizPanel.Answered` carries the student's answer as text.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList

from lessons.answers.checking import AnswerType, Posed
from lessons.answers.feedback import say
from lessons.i18n import _
from tui.widgets.quiz_answer import AnswerField
from tui.widgets.quiz_choices import QuizChoices
from tui.widgets.word_wrapped import WordWrapped


class QuizPanel(Vertical):
    """Prompt, answer widget (typed or choices) and feedback for one question."""

    class Answered(Message):
        """The student answered (a typed text, or the number of the choice)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def compose(self) -> ComposeResult:
        yield WordWrapped(id="quiz-prompt")
        yield QuizChoices(id="quiz-choices")
        yield AnswerField(id="quiz-answer")
        yield WordWrapped(id="quiz-feedback")

    def on_mount(self) -> None:
        self.note("")

    def ask(self, posed: Posed, scored: bool) -> None:
        """Show a new question and focus its answer widget."""
        label = (_("Quiz question:") if scored else _("Question:")) + " "
        prompt = self.query_one("#quiz-prompt", WordWrapped)
        prompt.show_text(label + posed.prompt, bold_prefix=len(label))
        prompt.display = True
        choices = self.query_one(QuizChoices)
        field = self.query_one(AnswerField)
        typed = posed.answer_type not in (AnswerType.CHOICE, AnswerType.PLACE)
        choices.display = posed.answer_type is AnswerType.CHOICE
        field.display = typed
        field.text = ""
        field.echo = False
        if typed:
            field.focus()
        elif posed.answer_type is AnswerType.PLACE:
            self.screen.set_focus(None)  # the answer is given on the place board (o)
        else:
            choices.set_choices(posed.choices)
            choices.focus()
            field.echo = True  # the field shows what is typed on the choices
        self.query_one("#quiz-feedback", WordWrapped).show_text("")
        self.display = True

    def feedback(self, message: str) -> None:
        """Feedback on the answer (or a hint); the answer box is cleared for another try."""
        self.query_one("#quiz-feedback", WordWrapped).show_text(message)
        self.query_one(AnswerField).text = ""
        choices = self.query_one(QuizChoices)
        if choices.display:
            choices.start_over()  # the next Enter chooses nothing by itself

    def note(self, message: str) -> None:
        """No question waiting: hide the answer widgets and show ``message``."""
        if self.screen.focused in (self.query_one(QuizChoices), self.query_one(AnswerField)):
            self.screen.set_focus(None)
        self.query_one("#quiz-prompt", WordWrapped).display = False
        self.query_one(QuizChoices).display = False
        self.query_one(AnswerField).display = False
        self.query_one("#quiz-feedback", WordWrapped).show_text(message)

    def on_answer_field_submitted(self, event: AnswerField.Submitted) -> None:
        event.stop()
        self.post_message(self.Answered(event.text))

    def on_quiz_choices_typed(self, event: QuizChoices.Typed) -> None:
        """What is typed on the choices shows in the answer line (only while there is some)."""
        event.stop()
        field = self.query_one(AnswerField)
        field.text = event.text
        field.display = bool(event.text)

    def on_quiz_choices_typed_answer(self, event: QuizChoices.TypedAnswer) -> None:
        """A word typed and Enter: one answer, read by the question as a whole (a word that
        is no choice is refused naming it, and costs nothing)."""
        event.stop()
        self.post_message(self.Answered(event.text))

    def on_quiz_choices_nothing_chosen(self, event: QuizChoices.NothingChosen) -> None:
        """Enter with nothing chosen: say how to choose; it answers nothing and costs nothing."""
        event.stop()
        count = self.query_one(QuizChoices).option_count
        self.query_one("#quiz-feedback", WordWrapped).show_text(
            say("format.choice_none", count=count)
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Answered(str(event.option_index + 1)))
