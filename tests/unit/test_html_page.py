"""The HTML page (`export --format html`, `compare --format html`): its frames decode, as page.js decodes them,
to exactly the SVG frames; its steps say what the app says; it is offline, small, and refused in one line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli_helpers import run_cli
from visualizer.cli.parser import build_parser
from visualizer.cli.sources import game_from_args, trace_from_args, trace_from_file
from visualizer.games import builtin_example, from_nested
from visualizer.games.random_tree import random_tree
from visualizer.pictures.collapse import Collapse
from visualizer.pictures.figure import Figure
from visualizer.pictures.page import to_compare_html, to_html
from visualizer.pictures.page_data import FIELDS, KEYFRAME_EVERY, START, page_steps
from visualizer.pictures.svg import SVG_NAMESPACE, to_svg
from visualizer.search import trace_search
from visualizer.steps.describe import describe
from visualizer.steps.lockstep import lockstep
from visualizer.steps.replay import Replay

CS188 = Path(__file__).resolve().parents[1] / "data" / "cs188"


def page_data(page: str) -> dict:
    """The JSON the page's script reads (its `</` written `<\\/`, which JSON reads back as `</`)."""
    found = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', page, re.S)
    assert found is not None
    return json.loads(found.group(1))


def decoded_frames(pane: dict) -> list[str]:
    """Every frame's SVG, rebuilt as page.js rebuilds it: each frame's splices applied last first to the frame
    before (page.js then leaves out the XML declaration when it sets innerHTML); each keyframe must hold the ids
    the splices reach, since a jump starts from it."""
    frames, ids = [], []
    for index, frame in enumerate(pane["frames"]):
        splices, at = [], 0
        while at < len(frame):
            position, removed, inserted = frame[at : at + 3]
            splices.append((position, removed, frame[at + 3 : at + 3 + inserted]))
            at += 3 + inserted
        ids = list(ids)
        for position, removed, new in reversed(splices):
            ids[position : position + removed] = new
        if index and index % KEYFRAME_EVERY == 0:
            assert pane["keyframes"][index // KEYFRAME_EVERY - 1] == ids, index
        frames.append("\n".join(pane["lines"][line] for line in ids))
    assert len(pane["keyframes"]) == (len(frames) - 1) // KEYFRAME_EVERY
    return frames


def cli_trace(*argv: str):
    """The trace `visualizer export ARGV` searches."""
    args = build_parser().parse_args(["export", *argv])
    return trace_from_file(args) or trace_from_args(game_from_args(args), args)


TRACES = {
    "example15-alphabeta": cli_trace(),
    "textbook-negamax-ab": cli_trace("[[3,12,8],[2,4,6],[14,5,2]]", "-a", "negamax-ab"),
    "tictactoe-midgame": cli_trace("--game", "tictactoe", "--board", "XOX/.O./...", "-a", "alphabeta"),
    "nim": cli_trace("--game", "nim", "--pile", "5", "-a", "minimax"),
    "connect4": cli_trace(*("--game", "connect4", "--rows", "3", "--cols", "4", "--connect", "3", "--depth", "2")),
    "expectimax": cli_trace("--array", "1,2,3,4,5,6,7,8,9", "--levels", "max,chance", "-a", "expectimax"),
    "star1": cli_trace("--array", "1,2,3,4,5,6,7,8,9", "--levels", "max,chance", "-a", "star1", "--bounds", "0:10"),
    "mcts": cli_trace("-a", "mcts", "--iterations", "12", "--seed", "1"),
    "mtdf": cli_trace("-a", "mtdf"),
    "id": cli_trace("-a", "id"),
    "random": cli_trace("--random", "--leaves", "40", "--seed", "1", "-a", "minimax"),
    "cs188": cli_trace("--cs188", str(CS188 / "expectimax_two_ghosts.test")),
}


@pytest.mark.parametrize("name", sorted(TRACES))
def test_every_frame_decodes_to_the_svg_frame_byte_for_byte(name):
    figure = Figure(TRACES[name], collapse=Collapse())  # as `export` draws it: a big tree collapsed
    (pane,) = page_data(to_html(figure))["panes"]
    expected = [to_svg(figure.frame(step)) for step in page_steps(figure)]
    assert decoded_frames(pane) == expected
    assert len(pane["rows"]) == len(expected)


def test_a_long_search_spans_several_keyframes():
    figure = Figure(trace_search(random_tree(leaves=24, seed=5), "minimax"))
    (pane,) = page_data(to_html(figure))["panes"]
    assert len(pane["frames"]) > 2 * KEYFRAME_EVERY
    assert decoded_frames(pane) == [to_svg(figure.frame(step)) for step in page_steps(figure)]


def _row(pane: dict, index: int) -> tuple[str, str, dict[str, str], list[str]]:
    texts, row = pane["texts"], pane["rows"][index]
    current = "" if row[1] < 0 else texts[row[1]]
    cells = dict(zip(FIELDS, (texts[cell] for cell in row[2 : 2 + len(FIELDS)])))
    return texts[row[0]], current, cells, [texts[line] for line in row[2 + len(FIELDS) :]]


def test_each_step_has_its_sentence_node_row_and_stack():
    trace = TRACES["example15-alphabeta"]
    data = page_data(to_html(Figure(trace)))
    (pane,) = data["panes"]
    assert data["steps"] == len(trace.events) == len(pane["rows"]) - 1
    assert _row(pane, 0)[0] == START and _row(pane, 0)[1] == ""
    replay = Replay(trace)
    for step, event in enumerate(trace.events, start=1):
        replay.seek(step)
        sentence, current, cells, stack = _row(pane, step)
        assert sentence == describe(trace, event)
        assert current == cells["name"] == trace.nodes[event.node].name
        assert [line.split(" ")[0] for line in stack] == [trace.nodes[node].name for node in replay.stack]
        view = replay.views[event.node]
        assert cells["status"] == {"open": "open", "done": "done", "pruned": "pruned", "unseen": "-"}[view.phase.value]
        assert cells["value"] == ("-" if view.value is None else str(view.value))
    cutoffs = [cutoff.step for cutoff in trace.summary.cutoffs]
    assert data["cuts"] == cutoffs and _row(pane, cutoffs[0])[0].endswith("(cut-off).")


def test_the_stack_says_each_open_nodes_player_window_and_value():
    trace = TRACES["example15-alphabeta"]
    (pane,) = page_data(to_html(Figure(trace)))["panes"]
    assert _row(pane, 1)[3] == ["A (MIN) [-inf, +inf] = -"]


def test_the_compare_page_steps_both_searches_in_lockstep():
    full, pruning = trace_search(builtin_example(), "minimax"), trace_search(builtin_example(), "alphabeta")
    page = to_compare_html([Figure(full), Figure(pruning)], ["minimax", "alphabeta"])
    data = page_data(page)
    expected = lockstep(full, pruning)
    expected[-1] = len(pruning.events)
    assert data["at"] == [list(range(len(full.events) + 1)), expected]
    assert data["steps"] == len(full.events)
    assert 'id="pane-1"' in page and 'id="pane-2"' in page and 'data-current-1=""' in page
    for pane, figure in zip(data["panes"], (Figure(full), Figure(pruning))):
        assert decoded_frames(pane) == [to_svg(figure.frame(step)) for step in page_steps(figure)]
    first_cut = pruning.summary.cutoffs[0].step
    assert data["cuts"][0] == expected.index(first_cut)


def test_the_page_is_offline_and_holds_its_contract():
    page = to_html(Figure(TRACES["tictactoe-midgame"], collapse=Collapse()))
    addresses = set(re.findall(r"https?://[^\s\\\"'<>]*", page))
    assert addresses == {SVG_NAMESPACE}
    assert "<link" not in page and "src=" not in page and "@import" not in page
    for needed in (
        'data-step="0"',
        'data-current=""',
        'id="figure"',
        'id="sentence"',
        'id="log"',
        'id="node-table"',
        'id="stack"',
        'id="speed"',
        'id="print-mode"',
        'type="range" id="slider" min="0"',
        *(f'id="{button}"' for button in ("first", "back", "play", "forward", "last", "next-cutoff")),
        *(f'data-field="{field}"' for field in FIELDS),
    ):
        assert needed in page, needed


def test_a_name_cannot_end_the_script_early():
    trace = trace_search(from_nested("[[1,2],[3,4]]"), "minimax")
    page = to_html(Figure(trace, title="</script><script>alert(1)</script><!--"))
    assert page.count("</script>") == 2  # the data's and the code's
    assert "<!--" not in page


def test_the_15_node_page_is_small_and_html_is_in_the_help(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "export", "--out", str(tmp_path), "--format", "html")
    assert code == 0 and "example15-alphabeta.html" in out
    assert (tmp_path / "example15-alphabeta.html").stat().st_size <= 300_000
    code, out, _ = run_cli(capsys, "export", "--help")
    assert code == 0 and re.search(r"^\s+html\s+one self-contained web page", out, re.M)


def test_too_many_steps_are_refused_in_one_line(capsys, tmp_path):
    code, _, err = run_cli(capsys, "export", "--out", str(tmp_path), "--format", "html", "--max-frames", "51")
    assert code == 2 and err.count("\n") == 1
    assert "--format html would draw 52 frames" in err and "--max-frames 52" in err
    assert not tmp_path.exists() or list(tmp_path.iterdir()) == []


def test_compare_writes_the_page_and_refuses_three_searches(capsys, tmp_path):
    code, out, err = run_cli(capsys, "compare", "--format", "html", "--out", str(tmp_path))
    path = tmp_path / "example15-minimax-vs-alphabeta.html"
    assert code == 0 and path.exists() and f"wrote {path}" in err and "values agree" in out
    code, _, err = run_cli(capsys, "compare", "-A", "minimax,alphabeta,pvs", "--format", "html", "--out", str(tmp_path))
    assert code == 2 and err.count("\n") == 1 and "shows two searches side by side" in err
    code, _, err = run_cli(capsys, "compare", "--format", "html", "--out", str(tmp_path), "--max-frames", "10")
    assert code == 2 and err.count("\n") == 1 and "--max-frames 52" in err


def test_a_collapsed_page_says_the_search_step_beside_its_own():
    collapsed = page_data(to_html(Figure(TRACES["tictactoe-midgame"], collapse=Collapse())))
    whole = page_data(to_html(Figure(TRACES["example15-alphabeta"])))
    assert "search_steps" not in whole  # a page step per search step
    assert collapsed["search_total"] == len(TRACES["tictactoe-midgame"].events) > collapsed["steps"]
    assert len(collapsed["search_steps"]) == collapsed["steps"] + 1 and collapsed["search_steps"][0] == 0
    assert collapsed["search_steps"][-1] == collapsed["search_total"]
