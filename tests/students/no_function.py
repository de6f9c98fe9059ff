def alpha_beta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    return 0


def helper(node):
    return node.value
