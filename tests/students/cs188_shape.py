"""CS188's shape (Berkeley's Pacman project): value() dispatches on agentIndex (0 is MAX) to max_value and
min_value, which take (gameState, depth, agentIndex, alpha, beta) and prune only past the bound (v > beta)."""
import math


def alphabeta(node, alpha, beta, maximizing):
    return value(node, 0, 0 if maximizing else 1, alpha, beta)


def value(gameState, depth, agentIndex, alpha, beta):
    if gameState.is_leaf():
        return gameState.value
    if agentIndex == 0:
        return max_value(gameState, depth, agentIndex, alpha, beta)
    return min_value(gameState, depth, agentIndex, alpha, beta)


def max_value(gameState, depth, agentIndex, alpha, beta):
    v = -math.inf
    for successor in gameState.children:
        v = max(v, value(successor, depth + 1, 1, alpha, beta))
        if v > beta:
            return v
        alpha = max(alpha, v)
    return v


def min_value(gameState, depth, agentIndex, alpha, beta):
    v = math.inf
    for successor in gameState.children:
        v = min(v, value(successor, depth + 1, 0, alpha, beta))
        if v < alpha:
            return v
        beta = min(beta, v)
    return v
