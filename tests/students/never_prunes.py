# alpha-beta homework - I keep alpha and beta but forgot the cut-off test
def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    if maximizing:
        best = float("-inf")
        for child in node.children:
            score = alphabeta(child, alpha, beta, False)
            best = max(best, score)
            alpha = max(alpha, best)
        return best
    else:
        best = float("inf")
        for child in node.children:
            score = alphabeta(child, alpha, beta, True)
            best = min(best, score)
            beta = min(beta, best)
        return best
