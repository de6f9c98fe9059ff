"""Cleo's alpha-beta, in the shape of AIMA: max_value and min_value call each other."""

import math


def alphabeta(node, alpha, beta, maximizing):
    if maximizing:
        return max_value(node, alpha, beta)
    return min_value(node, alpha, beta)


def max_value(node, alpha, beta):
    if node.is_leaf():
        return node.value
    value = -math.inf
    for child in node.children:
        value = max(value, min_value(child, alpha, beta))
        if value >= beta:
            return value
        alpha = max(alpha, value)
    return value


def min_value(node, alpha, beta):
    if node.is_leaf():
        return node.value
    value = math.inf
    for child in node.children:
        value = min(value, max_value(child, alpha, beta))
        if value <= alpha:
            return value
        beta = min(beta, value)
    return value
