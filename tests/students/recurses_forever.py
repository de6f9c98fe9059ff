# passes the node itself instead of the child: infinite recursion
def alphabeta(node, alpha, beta, maximizing):
    if node.is_leaf():
        return node.value
    best = None
    for child in node.children:
        value = max(alphabeta(node, alpha, beta, not maximizing) for _ in [child])
        best = value if best is None else best
    return best
