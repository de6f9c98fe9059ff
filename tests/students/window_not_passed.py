# alpha-beta: every child is searched with the window this node got
def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    if maximizing:
        value = float("-inf")
        for child in node.children:
            value = max(value, alphabeta(child, alpha, beta, False))
            if value >= beta:
                break
        return value
    value = float("inf")
    for child in node.children:
        value = min(value, alphabeta(child, alpha, beta, True))
        if value <= alpha:
            break
    return value
