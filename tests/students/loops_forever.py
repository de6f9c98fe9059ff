# a while loop whose index is never increased
def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    children = node.children
    i = 0
    best = float("-inf") if maximizing else float("inf")
    while i < len(children):
        value = alphabeta(children[i], alpha, beta, not maximizing)
        if maximizing:
            best = max(best, value)
        else:
            best = min(best, value)
        # forgot: i += 1
    return best
