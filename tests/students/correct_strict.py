"""Alpha-beta as my course teaches it: prune only when the window is crossed (alpha > beta)."""

import math


def alphabeta(node, alpha, beta, maximizing):
    if not node.children:
        return node.value
    if maximizing:
        value = -math.inf
        for child in node.children:
            value = max(value, alphabeta(child, alpha, beta, False))
            if value > beta:
                break
            alpha = max(alpha, value)
        return value
    else:
        value = math.inf
        for child in node.children:
            value = min(value, alphabeta(child, alpha, beta, True))
            if value < alpha:
                break
            beta = min(beta, value)
        return value
