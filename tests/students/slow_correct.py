"""Correct fail-soft alpha-beta that takes its time: half a second at each tree's root (so that it is
still being graded while another student's code runs)."""

import math
import time


def alphabeta(node, alpha, beta, maximizing, root=True):
    if root:
        time.sleep(0.5)
    if node.is_leaf():
        return node.value
    best = -math.inf if maximizing else math.inf
    for child in node.children:
        value = alphabeta(child, alpha, beta, not maximizing, False)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
