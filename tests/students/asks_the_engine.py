"""A cheat with no alpha-beta of its own: it reads the tree through the nodes' private attributes (which
touched nothing), asks the installed visualizer for alpha-beta's visit order and value, touches the nodes
in that order and returns the value. The grader refuses it the import, and no private attribute holds
the tree."""


def alphabeta(node, alpha, beta, maximizing):
    from visualizer.games import Player, from_nested
    from visualizer.search import trace_search

    by_name = {}

    def nested(each):
        by_name[each._name] = each
        kids = each._children
        return [nested(kid) for kid in kids] if kids else each._value

    tree = nested(node)
    names = sorted(by_name, key=lambda name: (len(name), name))  # level order, as both name them
    game = from_nested(tree, names=names, root=Player.MAX if maximizing else Player.MIN)
    trace = trace_search(game, "alphabeta")
    for visited in trace.summary.visit_order:
        by_name[trace.nodes[visited].name].name  # a touch, in alpha-beta's order
    return trace.summary.value
