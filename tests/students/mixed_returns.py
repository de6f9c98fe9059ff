# alpha-beta as some textbooks write it: the value that caused the cut-off, else the bound (alpha or beta)
def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    if maximizing:
        for child in node.children:
            value = alphabeta(child, alpha, beta, False)
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return alpha
    for child in node.children:
        value = alphabeta(child, alpha, beta, True)
        if value <= alpha:
            return value
        beta = min(beta, value)
    return beta
