# alpha-beta that returns alpha (or beta): the bound, as in my lecture notes
def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    if maximizing:
        for child in node.children:
            alpha = max(alpha, alphabeta(child, alpha, beta, False))
            if alpha >= beta:
                return beta
        return alpha
    for child in node.children:
        beta = min(beta, alphabeta(child, alpha, beta, True))
        if alpha >= beta:
            return alpha
    return beta
