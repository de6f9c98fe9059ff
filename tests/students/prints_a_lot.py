"""Correct alpha-beta that prints everything it does (to stdout and stderr)."""
import math
import sys


def alphabeta(node, alpha, beta, maximizing):
    print("visiting", node.name, "alpha", alpha, "beta", beta)
    print("{not json at all", file=sys.stderr)
    if node.is_leaf():
        print("leaf", node, "=", node.value)
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
        print(f"  {node.name}: best so far {best}")
        if alpha >= beta:
            break
    return best
