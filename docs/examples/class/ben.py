"""Ben's alpha-beta: after a cut-off it returns the bound, not its best value."""


def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    if maximizing:
        for child in node.children:
            alpha = max(alpha, alphabeta(child, alpha, beta, False))
            if alpha >= beta:
                break
        return alpha
    for child in node.children:
        beta = min(beta, alphabeta(child, alpha, beta, True))
        if alpha >= beta:
            break
    return beta
