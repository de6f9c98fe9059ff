"""Correct alpha-beta that first forks a child in a session of its own (setsid), which outlives the function
and writes a file a second and a half later (where MARKER says: the test writes a copy with a real path)."""

import math
import os
import time

MARKER = "/nonexistent/escaped"
FORKED = []


def alphabeta(node, alpha, beta, maximizing):
    if not FORKED:
        FORKED.append(True)
        if os.fork() == 0:  # the child: out of the worker's process group, then late
            os.setsid()
            time.sleep(1.5)
            with open(MARKER, "w") as file:
                file.write("still here\n")
            os._exit(0)
    if node.is_leaf():
        return node.value
    best = -math.inf if maximizing else math.inf
    for child in node.children:
        value = alphabeta(child, alpha, beta, not maximizing)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
