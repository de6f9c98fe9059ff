import os
import sys


def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        if node.value > 5:
            os._exit(3)  # "found a great move, we are done"
        if node.value == 5:
            sys.exit("five!")
        return node.value
    values = [alphabeta(child, alpha, beta, not maximizing) for child in node.children]
    return max(values) if maximizing else min(values)
