"""Provides `PracticeScreen`: the student fills in values, windows and pruned marks, then checks them all."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Input, Static

from visualizer.practice.answers import NodeAnswer, answer_text, parse_answer
from visualizer.practice.exercise import Exercise
from visualizer.practice.session import PracticeSession
from visualizer.session import Session
from visualizer.shown_text import escaped, escaped_lines
from visualizer.tui.navigation import OpenDrill, OpenSearch
from visualizer.tui.screens.app_screen import HELP_BINDING, AppScreen
from visualizer.tui.widgets.answer_table import AnswerTable
from visualizer.tui.widgets.panels import KeyFooter
from visualizer.tui.widgets.practice_tree import PracticeTree
from visualizer.tui.widgets.static_update import update_static

__all__ = ["PracticeScreen"]

EDIT_KEYS = frozenset("0123456789-+")  # characters that, typed on the table, start editing the selected node's value

TALL = 30  # screens this many rows high or more give the title a line of its own (shorter ones are "-short")


class PracticeScreen(AppScreen):
    """Alpha-beta by hand: values and pruned marks per node, checked against the trace on request."""

    CSS_PATH = "practice_screen.tcss"
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL, "-tall")]

    BINDINGS: ClassVar[list[BindingType]] = [
        HELP_BINDING,
        Binding("x", "toggle_pruned", "Pruned"),
        Binding("delete,backspace", "clear", "Clear", show=False),
        Binding("c", "check", "Check"),
        Binding("v", "reveal", "Show answer"),
        Binding("j", "jump", "Replay step"),
        Binding("d", "drill", "Drill"),
        Binding("w", "save", "Save"),
        Binding("n", "new_exercise", "New"),
        Binding("escape", "cancel", "Cancel", show=False),
    ]

    def __init__(self, exercise: Exercise, *, can_go_back: bool = False) -> None:
        super().__init__()
        self.can_go_back = can_go_back  # escape, with the editor closed, goes back
        self.practice = PracticeSession(exercise)  # the exercise and the answers so far
        self.editing: str | None = None  # the node the open editor saves to (None while it is closed)
        self.confirm_new = False
        """True after one `n` with answers typed: a second `n` discards them, any other key keeps them."""
        self.title_text = ""  # the exercise's title: on a line of its own, or in the tree's border on a short screen

    def compose(self) -> ComposeResult:
        exercise = self.practice.exercise
        self.title_bar = Static(id="practice-title", markup=False)
        self.tree_view = PracticeTree(exercise, id="practice-tree")
        self.answer_table = AnswerTable(exercise, id="answer-table")
        self.answer_input = Input(id="answer-input", select_on_focus=False)
        self.status_line = Static(id="practice-status", markup=False)
        yield self.title_bar
        yield self.tree_view
        yield self.answer_table
        yield self.answer_input
        yield self.status_line
        yield KeyFooter()

    def on_mount(self) -> None:
        exercise = self.practice.exercise
        if exercise.random is not None:
            raised = ", bound raised at a cut" if exercise.cut_window == "raised" else ""
            title = f"Exercise {exercise.code}: {exercise.random.settings_text()}{raised}"
        else:
            title = f"Exercise: {exercise.describe()}"
        self.title_text = title = escaped(title)
        update_static(self.title_bar, title)
        self._place_title()
        self.answer_input.display = False
        self.refresh_view()
        self.answer_table.focus()

    def on_resize(self, event: events.Resize) -> None:
        self._place_title()

    def _place_title(self) -> None:
        """Shows the title in the tree's border when the screen is too short to give it a line."""
        self.tree_view.border_title = Text(self.title_text) if self.app.size.height < TALL else None  # (no markup)

    @property
    def selected(self) -> str:
        """The name of the node under the table's cursor."""
        return self.answer_table.selected.name

    def refresh_view(self) -> None:
        """Shows the answers (and the last check) in the tree, the table and the status line."""
        self.confirm_new = False
        practice = self.practice
        marked = practice.marked
        self.answer_table.show(practice.answers, practice.report, marked, practice.revealed)
        self.tree_view.show(
            practice.answers, practice.report, marked, self.selected if self.answer_table.row_count else None
        )
        update_static(self.status_line, escaped_lines(self.status_text()))

    def status_text(self) -> str:
        """The score and the cut-offs after a check, then the selected node's problem in full (the table's last
        column is cut on a narrow screen), then the pattern behind the mistakes (the likely misconception, or
        the other cut window); before a check, what to do."""
        practice = self.practice
        report = practice.report
        if report is not None:
            missing = ", ".join(report.missing_cutoffs) or "none"
            extra = ", ".join(report.extra_cutoffs) or "none"
            verdict = report.of(self.selected) if self.answer_table.row_count else None
            problem = "" if verdict is None or verdict.is_right else f"\n{self.selected}: {verdict.words()}"
            findings = "".join(f"\n{finding}" for finding in report.findings())
            return f"{report.score}  missing cut-offs: {missing}  extra cut-offs: {extra}{problem}{findings}"
        changed = "  changed since the last check: c checks again" if practice.checks else ""
        return f"{practice.answered} answered  enter: type a value (and alpha beta)  x: pruned  c: check{changed}"

    # -- editing -------------------------------------------------------------
    @on(DataTable.RowHighlighted, "#answer-table")
    def _follow_cursor(self) -> None:
        if self.confirm_new:
            self.refresh_view()
        self.tree_view.show(self.practice.answers, self.practice.report, self.practice.marked, self.selected)
        if self.practice.report is not None and not self.answer_input.display:
            update_static(self.status_line, escaped_lines(self.status_text()))

    @on(DataTable.RowSelected, "#answer-table")
    def _edit_row(self, event: DataTable.RowSelected) -> None:
        # Keys typed quickly may have opened the editor already, or saved and moved on to the next row.
        if not self.answer_input.display and event.cursor_row == self.answer_table.cursor_row:
            self.action_edit()

    def action_edit(self, first: str = "") -> None:
        """Opens the editor on the selected node, with its answer (or `first`, a key just typed)."""
        node = self.answer_table.selected
        answer = self.practice.answers.get(node.name)
        self.editing = node.name
        self.answer_input.border_title = Text(
            escaped(f"{node.name}: VALUE, or VALUE ALPHA BETA, or x for pruned; enter saves, escape cancels")
        )
        self.answer_input.value = first or ("" if answer.is_blank else answer_text(answer))
        self.answer_input.display = True
        self.add_class("-editing")  # the editor's title says what the status line would
        self.call_after_refresh(self.answer_table.move_cursor)  # the row stays in view in the smaller table
        self.answer_input.focus()
        self.answer_input.cursor_position = len(self.answer_input.value)

    def on_key(self, event: events.Key) -> None:
        """A value typed on the table starts editing the selected node; characters of a burst that reach the table
        while the editor is open go on into it (a burst reaches the widget focused when it began)."""
        if event.key != "n" and self.confirm_new:
            self.refresh_view()
        if not self.answer_input.display:
            if event.character is not None and event.character in EDIT_KEYS:
                event.stop()
                self.action_edit(event.character)
        elif event.key == "enter":
            event.stop()
            event.prevent_default()
            self._save(self.answer_input.value)
        elif event.is_printable and event.character:
            # the editor stops the characters typed into it: this one reached the table
            event.stop()
            event.prevent_default()
            self.answer_input.insert_text_at_cursor(event.character)

    @on(Input.Changed, "#answer-input")
    def _typed_ahead(self, event: Input.Changed) -> None:
        # Characters typed after enter, before the table took the focus back, land in the closed editor.
        # (Changes posted before the editor closed are stale: the closed editor's value is empty.)
        if not self.answer_input.display and event.value and event.value == self.answer_input.value:
            self.action_edit(event.value)

    def on_paste(self, event: events.Paste) -> None:
        """Text pasted on the table opens the editor with its first line (the open editor takes pastes itself)."""
        line = next(iter(event.text.splitlines()), "").strip()
        if not line or self.focused is self.answer_input:
            return
        event.stop()
        if self.answer_input.display:
            self.answer_input.insert_text_at_cursor(line)
        else:
            self.action_edit(line)

    @on(Input.Submitted, "#answer-input")
    def _save_edit(self, event: Input.Submitted) -> None:
        self._save(event.value)

    def _save(self, text: str) -> None:
        """Saves the editor's text as the answer of the node it was opened on, then moves down a row."""
        if self.editing is None:  # a late enter for an editor already closed
            return
        node = self.practice.exercise.by_name[self.editing]
        answer = self.attempt(lambda: parse_answer(text, node.name))
        if answer is None:
            return
        if node.is_leaf and answer.value == node.leaf_value:
            answer = NodeAnswer(None, answer.alpha, answer.beta, answer.pruned)
        self.practice.set_answer(node.name, answer)
        self._close_editor()
        if self.answer_table.cursor_row < self.answer_table.row_count - 1:
            self.answer_table.move_cursor(row=self.answer_table.cursor_row + 1, animate=False)
        self.refresh_view()

    def _close_editor(self) -> None:
        self.editing = None
        self.answer_input.display = False
        self.remove_class("-editing")
        self.answer_input.value = ""
        self.answer_table.focus()

    def action_cancel(self) -> None:
        if self.answer_input.display:
            self._close_editor()
        elif self.can_go_back:
            self.app.pop_screen()

    def action_toggle_pruned(self) -> None:
        self.practice.toggle_pruned(self.selected)
        self.refresh_view()

    def action_clear(self) -> None:
        self.practice.set_answer(self.selected, NodeAnswer())
        self.refresh_view()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the editor is open, its keys are text; `n` needs a random exercise."""
        if self.answer_input.display and action not in ("cancel", "app.show_help_panel"):
            return False
        if action == "new_exercise":
            return self.practice.exercise.random is not None
        return True

    # -- checking ------------------------------------------------------------
    def action_check(self) -> None:
        self.practice.check()
        self.refresh_view()

    def action_reveal(self) -> None:
        self.attempt(lambda: self.practice.reveal(self.selected), severity="warning")
        self.refresh_view()

    def action_jump(self) -> None:
        """Replays alpha-beta from the step where the selected node's mistake goes wrong (escape comes back)."""
        report = self.practice.report
        if report is None:
            self.notify("Check your answers first (c); then j replays the step a mistake goes back to.")
            return
        verdict = report.of(self.selected)
        if verdict.step is None:
            self.notify(escaped(f"{self.selected} is right: pick a row marked ✗."), markup=False)
            return
        exercise = self.practice.exercise
        session = Session(exercise.game, "alphabeta", exercise.depth, exercise.strict, exercise.solution)
        session.replay.seek(verdict.step)
        self.post_message(OpenSearch(session))

    def action_drill(self) -> None:
        """Predict the next node: alpha-beta's playback pauses before each node entered or cut-off."""
        self.post_message(OpenDrill(self.practice.exercise.solution))

    def action_save(self) -> None:
        path = self.attempt(self.practice.save)
        if path is not None:
            saved = escaped(f"Saved {path}; check it with: visualizer practice --answers {path}")
            self.notify(saved, title="Save", markup=False)

    async def action_new_exercise(self) -> None:
        """Another random tree with the same settings (a new seed, so a new code); with answers typed, only
        on the second press in a row (the first one warns in the status line)."""
        answered = self.practice.answered
        if answered and not self.confirm_new:
            answers = "1 answer" if answered == 1 else f"{answered} answers"
            kept = "it" if answered == 1 else "them"
            update_static(
                self.status_line, f"n again discards your {answers} and draws a new tree; any other key keeps {kept}"
            )
            self.confirm_new = True
            return
        settings = self.practice.exercise.random
        assert settings is not None
        fresh = settings.reseeded()
        self.practice = PracticeSession(Exercise.from_random(fresh, cut_window=self.practice.exercise.cut_window))
        await self.recompose()
        self.on_mount()
