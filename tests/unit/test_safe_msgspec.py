"""msgspec is imported with ctrl+c and SIGTERM held back (visualizer/export/safe_msgspec.py).

A SIGTERM whose handler raises while msgspec 0.22 sets its C module up leaves the module half made,
and the next msgspec call crashes the process. Each run below arms a timer that sends SIGTERM a
little later, imports msgspec, then calls it: through `safe_msgspec` no run may crash. The same runs
with a plain `import msgspec` show that the timer falls inside the import at all (they crash).
"""

import resource
import signal
import subprocess
import sys

import pytest

SCRIPT = r"""
import os, signal, sys, time
class Stop(BaseException):
    pass
def stop(*_):
    raise Stop
import visualizer.export  # the package first: the timer is to fall inside msgspec's import
signal.signal(signal.SIGTERM, stop)
signal.signal(signal.SIGALRM, lambda *_: os.kill(os.getpid(), signal.SIGTERM))
signal.setitimer(signal.ITIMER_REAL, float(sys.argv[1]))
try:
    if sys.argv[2] == "plain":
        import msgspec
    else:
        from visualizer.readwrite.decode import msgspec
    time.sleep(0.2)  # the timer falls here when not before (or was lost in the import)
except Stop:
    pass
signal.setitimer(signal.ITIMER_REAL, 0)
import msgspec
print(msgspec.convert([1, None], list[int | None]))
"""

DELAYS = ("0.0003", "0.0006", "0.0009", "0.0012", "0.0016", "0.0025")
"""Seconds from arming the timer to SIGTERM: around the few milliseconds msgspec's import takes."""


def _no_core_dump() -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a crash ends at once, with no core file


def _runs(how: str) -> list[subprocess.CompletedProcess]:
    return [
        subprocess.run(
            [sys.executable, "-c", SCRIPT, delay, how],
            capture_output=True,
            text=True,
            timeout=60,
            preexec_fn=_no_core_dump,
        )
        for delay in DELAYS
    ]


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX timers")
def test_a_sigterm_during_the_import_never_crashes_a_later_call():
    plain = _runs("plain")
    if all(run.returncode == 0 for run in plain):
        pytest.skip("a plain import of this msgspec survives a SIGTERM at these moments: nothing to guard against")
    safe = _runs("safe")
    assert [run.returncode for run in safe] == [0] * len(DELAYS), [run.stderr[-300:] for run in safe]
    assert all(run.stdout.strip() == "[1, None]" for run in safe)
