# alpha-beta whose MIN nodes start from 0 instead of +infinity
def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    if maximizing:
        best = float("-inf")
        for child in node.children:
            best = max(best, alphabeta(child, alpha, beta, False))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    best = 0
    for child in node.children:
        best = min(best, alphabeta(child, alpha, beta, True))
        beta = min(beta, best)
        if alpha >= beta:
            break
    return best
