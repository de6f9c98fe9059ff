def minimax(node, maximizing):
    if node.is_leaf():
        return node.value
    values = [minimax(child, not maximizing) for child in node.children]
    return max(values) if maximizing else min(values)
