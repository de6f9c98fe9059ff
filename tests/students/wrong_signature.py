def alphabeta(node, depth):
    if depth == 0 or node.is_leaf():
        return node.value
    return max(alphabeta(child, depth - 1) for child in node.children)
