import math


def better(a, b, maximizing):
    return max(a, b) if maximizing else min(a, b)


def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    best = -math.inf if maximizing else math.inf
    for child in node.children:
        value = alphabeta(child, alpha, beta, not maximizing)
        if child.is_leaf():
            value = value + child.name  # meant child.value: TypeError at the first leaf
        best = better(best, value, maximizing)
        if alpha >= beta:
            break
    return best
