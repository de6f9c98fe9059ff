"""Provides `DrillScreen`: plays a finished search and stops before each step to ask what comes next."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from visualizer.practice.drill import Choice, Drill, Question
from visualizer.shown_text import escaped, escaped_lines
from visualizer.steps.replay import Replay
from visualizer.tracing import Trace
from visualizer.tui.screens.app_screen import HELP_BINDING, SPEEDS, AppScreen
from visualizer.tui.widgets.game_tree_view import GameTreeView, TreeDrawingScroll
from visualizer.tui.widgets.panels import EventLog, KeyFooter
from visualizer.tui.widgets.static_update import update_static

__all__ = ["DrillScreen"]

PANELS_LEAST, PANELS_MOST = 7, 20
"""Rows of the question and log panels: enough for a one-line question, three choices and the verdict
(and their borders), and at most this many when the tree needs less room than the rest of the screen."""

PICK_HINT = "up/down and enter, or a number"  # how to answer, in the question panel's border while a question waits


class DrillScreen(AppScreen):
    """The "predict the next node" drill: before each step that enters a node or cuts off, the
    student picks what happens; the screen says whether that was right, applies the step and plays on."""

    CSS_PATH = "drill_screen.tcss"
    AUTO_FOCUS = "#drill-choices"

    BINDINGS: ClassVar[list[BindingType]] = [
        HELP_BINDING,
        *(Binding(str(number), f"pick({number})", f"Pick choice {number}", show=False) for number in range(1, 10)),
        Binding("space,right", "skip", "Skip ahead", key_display="space"),
        Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+"),
        Binding("minus", "speed(-1)", "Slower", key_display="-"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, trace: Trace) -> None:
        super().__init__()
        self.drill = Drill(trace)  # the questions and the score
        self.replay = Replay(trace)
        self.prompt_text = ""  # the question, or what the screen is doing (for tests)
        self.verdict_text = ""  # whether the last answer was right, and what the step did (for tests)
        self.status_text = ""  # the score and the step (for tests)
        self.shown_step: int | None = None  # the step of the question whose choices are listed, None while none is

    def compose(self) -> ComposeResult:
        trace = self.replay.trace
        self.tree_view = GameTreeView(trace, id="drill-tree")
        self.prompt = Static(id="drill-prompt", markup=False)
        self.choices = OptionList(id="drill-choices", markup=False)
        self.verdict = Static(id="drill-verdict", markup=False)
        self.event_log = EventLog(trace, id="drill-log")
        self.status = Static(id="drill-status", markup=False)
        yield self.tree_view
        with Horizontal(id="drill-panels"):
            with Vertical(id="drill-question") as self.question_panel:
                yield self.prompt
                yield self.choices
                yield self.verdict
            yield self.event_log
        yield self.status
        yield KeyFooter()

    def on_mount(self) -> None:
        self.play()
        self.call_after_refresh(self._fit_tree_height)

    # -- layout ----------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        """Gives the tree the rows it needs again once the tree view has fitted the new width."""
        self.call_after_refresh(self._fit_tree_height)

    def _fit_tree_height(self) -> None:
        """Gives the tree view the rows its drawing needs, as long as the panels keep `PANELS_LEAST` rows;
        rows the panels cannot use (over `PANELS_MOST`) go to the tree too."""
        view = self.tree_view
        if view.plan is None or not view.outer_size.height:  # an outline shares the rows (see the CSS)
            return
        scroll = view.query_one(TreeDrawingScroll)
        chrome = view.outer_size.height - scroll.outer_size.height  # the border and the board under the drawing
        wider = view.plan.width > scroll.size.width
        wanted = view.plan.height + chrome + (scroll.styles.scrollbar_size_horizontal if wider else 0)
        rows = self.size.height - self.status.outer_size.height - self.query_one(Footer).outer_size.height
        height = max(min(wanted, rows - PANELS_LEAST), rows - PANELS_MOST, 1)
        if view.styles.height is None or view.styles.height.value != height:
            view.styles.height = height

    # -- state -----------------------------------------------------------------
    @property
    def asking(self) -> bool:
        """True while the current question waits for an answer."""
        question = self.drill.current
        return question is not None and self.replay.step == question.step - 1

    @property
    def is_done(self) -> bool:
        """True once every question is answered and the trace has played to its end."""
        return self.drill.is_done and self.replay.step >= self.replay.count

    def _stop_at(self) -> int:
        """The step to play to: just before the current question's step, or the end."""
        question = self.drill.current
        return self.replay.count if question is None else question.step - 1

    # -- playing -----------------------------------------------------------------
    def play(self) -> None:
        """Plays on to the next question (or to the end), or asks at once if it is already there."""
        self.stop()
        if self.replay.step < self._stop_at():
            self.start_timer()
        self.refresh_view()

    def position(self) -> tuple[int, int]:
        """The replay's step, and the step the play stops at (`_stop_at`): the timer's `tick` plays up to it."""
        return self.replay.step, self._stop_at()

    def go_to(self, step: int) -> None:
        self.replay.seek(step)
        self.refresh_view()

    def action_skip(self) -> None:
        """Jumps to the next question (or to the end) without waiting for the timer."""
        self.action_last()

    # -- answering ---------------------------------------------------------------
    def answer(self, choice: Choice) -> bool:
        """Takes the student's answer to the waiting question, shows the verdict, applies the step and plays on;
        True when it was right (False also when no question was waiting)."""
        question = self.drill.current
        if question is None or not self.asking:
            return False
        is_right = self.drill.answer(choice)
        self.verdict_text = f"{'Right' if is_right else 'No'}: {question.outcome}."
        self.verdict.set_class(is_right, "-right")
        self.verdict.set_class(not is_right, "-wrong")
        self.replay.forward()
        self.play()
        return is_right

    def action_pick(self, number: int) -> None:
        """Answers with the `number`-th choice (1-based), if there is one."""
        question = self.drill.current
        if self.asking and question is not None and 1 <= number <= len(question.choices):
            self.answer(question.choices[number - 1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option_index + 1)

    # -- showing -----------------------------------------------------------------
    def refresh_view(self) -> None:
        """Shows the step, the question (or what is going on) and the score (attributes down)."""
        replay, drill = self.replay, self.drill
        self.tree_view.show(replay, show_pv=replay.step == replay.count)
        self._fit_tree_height()
        self.event_log.show(replay.step)
        self.prompt_text, state = self._describe()
        question = drill.current if self.asking else None
        self._list_choices(question)
        self.question_panel.border_title = None if question is None else PICK_HINT
        if question is not None:
            self.call_after_refresh(self._scroll_to_question, question)
        speed = f"speed {SPEEDS[self.speed_index]:g}/s"
        self.status_text = "  ".join([drill.score, f"step {replay.step}/{replay.count}", state, speed])
        update_static(self.prompt, escaped_lines(self.prompt_text))  # (names as escapes)
        update_static(self.verdict, escaped_lines(self.verdict_text))
        update_static(self.status, self.status_text)

    def _describe(self) -> tuple[str, str]:
        """The prompt, and the state for the status line."""
        drill, question = self.drill, self.drill.current
        if question is not None and self.asking:
            return f"Question {drill.asked + 1} of {drill.total}: what does step {question.step} do?", "your turn"
        if self.is_done:
            return f"Done: {drill.score}. Press escape to go back.", "finished"
        if question is None:
            return "No more questions: playing to the end (space jumps there).", "playing"
        return f"Watching: the next question comes before step {question.step} (space jumps there).", "playing"

    def _list_choices(self, question: Question | None) -> None:
        """Lists the question's choices, numbered (nothing while no question waits)."""
        step = None if question is None else question.step
        if step == self.shown_step:
            return
        self.shown_step = step
        if question is None:
            self.choices.clear_options()
            return
        self.choices.set_options(
            Option(escaped(f"{number}. {choice.label}")) for number, choice in enumerate(question.choices, 1)
        )
        self.choices.highlighted = 0

    def _scroll_to_question(self, question: Question) -> None:
        """Scrolls the tree so that the node the search stands at and every node the choices name are in view
        (as many as the view holds when they are spread wider)."""
        drawing = self.tree_view.drawing
        if drawing is None or question is not self.drill.current:
            return
        current = self.replay.current
        nodes = {choice.node for choice in question.choices} | ({current} if current is not None else set())
        region = Region.from_union([Region(*drawing.box(node)) for node in nodes])
        self.tree_view.query_one(TreeDrawingScroll).scroll_to_region(region, animate=False, immediate=True)
