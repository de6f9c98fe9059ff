# keeps every line of the search "for debugging" - but never stops adding
def alphabeta(node, alpha, beta, maximizing):
    history = []
    while True:
        history.append([node.name, alpha, beta] * 100)
