# alpha-beta homework - two mistakes: no cut-off test, and MIN raises alpha where it should lower beta
def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    if maximizing:
        best = float("-inf")
        for child in node.children:
            best = max(best, alphabeta(child, alpha, beta, False))
            alpha = max(alpha, best)
        return best
    best = float("inf")
    for child in node.children:
        best = min(best, alphabeta(child, alpha, beta, True))
        alpha = max(alpha, best)
    return best
