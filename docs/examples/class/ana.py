"""Ana's alpha-beta: one loop for both players."""


def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    best = float("-inf") if maximizing else float("inf")
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
