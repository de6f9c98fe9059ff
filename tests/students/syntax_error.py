def alphabeta(node, alpha, beta, maximizing)
    if node.is_leaf():
        return node.value
    return 0
