/* Provides the compiled bodies of the tracing and export loops that run once per node or event:
 *
 *   Hooks         the light hooks of `recording_hooks.bind_hooks` (enter, evaluate, back_up, exit, update)
 *   replay        the body of `recording_hooks.sync` for a pass whose node ids are the order of entry
 *                 (`SearchLog.shares_entered`); Replayer, the same with the log's lists read once
 *   child_index   the body of `trace_columns.ChildIndex` (a counting sort of the nodes by parent)
 *   assign_where  the static values filed from the evaluations (`lazy_columns.static_value`)
 *   path_names    a board game's node names from their labels (`lazy_columns.name`)
 *   int_records   JSON lists of whole numbers, and of records made of them (`export/json_column_text.py`)
 *   text_lines    the lines of the DOT stream, made from columns (`export/dot_pieces.interleave`)
 *
 * Each does exactly what the Python code it stands for does, and is checked against it
 * (tests/unit/test_speedups.py). The Python code stays the reference and the fallback: this module
 * is optional, built by `pip install` when a C compiler is at hand (setup.py), and not used when it
 * is older than this file or VISUALIZER_PURE_PYTHON is set (`tracing/native.py`).
 *
 * replay(rec, start, end, entering, value_at, window_at, cut_at, last, windowed, actions)
 *     files the kinds rec.event_kind[start:end]; `entering`, `value_at`, `window_at` and `cut_at`
 *     are how far the entered_* lists and the logged values, windows and cuts were filed before;
 *     `last` is the node that exited last; `actions` (256 bytes) maps each kind code to what the
 *     loop does with it (the ACTION_* codes below). Returns the tuple
 *     (entering, value_at, window_at, cut_at, last) after the replay.
 *
 * child_index(parents)
 *     for a list of parent ids (None for the root, node 0, only), the bytes of four C int arrays:
 *     the children grouped by parent in id order, each parent's first index into them (one more
 *     than there are nodes), and for each of those edges its parent and its order among siblings.
 *     Raises ValueError when a parent is not a node's id.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

enum { ACTION_OPEN = 0, ACTION_EXIT = 1, ACTION_BACK_UP = 2, ACTION_EVALUATE = 3, ACTION_UPDATE = 4, ACTION_CUT = 5 };

typedef struct {
    PyObject *node;   /* owned: an int, or None for the sentinel under the open nodes */
    Py_ssize_t index; /* the int's value; -1 for the sentinel */
} Open;

typedef struct {
    Open *items;
    Py_ssize_t size, capacity;
} Stack;

typedef struct {
    int *items;
    Py_ssize_t size, capacity;
} Ints;

/* The log's lists, read from the SearchLog once per call. */
typedef struct {
    PyObject *kinds, *logged_values, *logged_windows, *logged_cuts, *stack, *values, *best, *parents, *depths,
        *alphas, *betas, *entered_alphas, *entered_betas, *event_node, *event_value, *event_alpha, *event_beta,
        *children_taken, *visit_order, *cutoffs, *event_skipped;
} Log;

static const char *LOG_FIELDS[] = {
    "event_kind", "logged_values", "logged_windows", "logged_cuts", "stack", "values", "best", "parents", "depths",
    "alphas", "betas", "entered_alphas", "entered_betas", "event_node", "event_value", "event_alpha", "event_beta",
    "children_taken", "visit_order", "cutoffs", "event_skipped",
};

#define LOG_SIZE ((Py_ssize_t)(sizeof(Log) / sizeof(PyObject *)))

static void log_clear(Log *log) {
    PyObject **fields = (PyObject **)log;
    for (Py_ssize_t i = 0; i < LOG_SIZE; i++) {
        Py_CLEAR(fields[i]);
    }
}

static int log_read(Log *log, PyObject *rec) {
    PyObject **fields = (PyObject **)log;
    memset(log, 0, sizeof(Log));
    for (Py_ssize_t i = 0; i < LOG_SIZE; i++) {
        fields[i] = PyObject_GetAttrString(rec, LOG_FIELDS[i]);
        if (fields[i] == NULL) {
            return -1;
        }
        int expected_list = strcmp(LOG_FIELDS[i], "event_kind") && strcmp(LOG_FIELDS[i], "event_node") &&
                            strcmp(LOG_FIELDS[i], "best") && strcmp(LOG_FIELDS[i], "event_skipped");
        if (expected_list && !PyList_Check(fields[i])) {
            PyErr_Format(PyExc_TypeError, "SearchLog.%s must be a list", LOG_FIELDS[i]);
            return -1;
        }
    }
    if (!PyByteArray_Check(log->kinds) || !PyDict_Check(log->best) || !PyDict_Check(log->event_skipped)) {
        PyErr_SetString(PyExc_TypeError, "SearchLog.event_kind must be a bytearray, best and event_skipped dicts");
        return -1;
    }
    return 0;
}

static int stack_push(Stack *stack, PyObject *node, Py_ssize_t index) {
    if (stack->size == stack->capacity) {
        Py_ssize_t capacity = stack->capacity ? 2 * stack->capacity : 64;
        Open *items = PyMem_Realloc(stack->items, capacity * sizeof(Open));
        if (items == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        stack->items = items;
        stack->capacity = capacity;
    }
    Py_INCREF(node);
    stack->items[stack->size].node = node;
    stack->items[stack->size].index = index;
    stack->size++;
    return 0;
}

static void stack_free(Stack *stack) {
    for (Py_ssize_t i = 0; i < stack->size; i++) {
        Py_DECREF(stack->items[i].node);
    }
    PyMem_Free(stack->items);
}

static int ints_add(Ints *ints, Py_ssize_t value) {
    if (ints->size == ints->capacity) {
        Py_ssize_t capacity = ints->capacity ? 2 * ints->capacity : 4096;
        int *items = PyMem_Realloc(ints->items, capacity * sizeof(int));
        if (items == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        ints->items = items;
        ints->capacity = capacity;
    }
    ints->items[ints->size++] = (int)value;
    return 0;
}

/* The open node at the top: the node of every event but an opening one. */
static Open *top_node(Stack *stack) {
    if (stack->size == 0 || stack->items[stack->size - 1].index < 0) {
        PyErr_SetString(PyExc_RuntimeError, "the search log has an event outside every node");
        return NULL;
    }
    return &stack->items[stack->size - 1];
}

/* The next item of `list` from *at (a borrowed reference), or NULL when it is used up. */
static PyObject *next_item(PyObject *list, Py_ssize_t *at, const char *what) {
    if (*at >= PyList_GET_SIZE(list)) {
        PyErr_Format(PyExc_RuntimeError, "the search log has fewer %s than its events need", what);
        return NULL;
    }
    return PyList_GET_ITEM(list, (*at)++);
}

/* list[index] = item, for an index known to be a node's. */
static int set_item(PyObject *list, Py_ssize_t index, PyObject *item) {
    Py_INCREF(item);
    return PyList_SetItem(list, index, item); /* steals the reference, also when it fails */
}

/* list[index], borrowed, with Python's IndexError when out of range. */
static PyObject *get_item(PyObject *list, Py_ssize_t index) {
    return PyList_GetItem(list, index);
}

/* The event's node, value and window, appended as the Python loop's tail does. */
static int add_event(Log *log, Ints *nodes, Open *node, PyObject *value, int windowed) {
    if (ints_add(nodes, node->index) < 0 || PyList_Append(log->event_value, value) < 0) {
        return -1;
    }
    if (windowed) {
        PyObject *alpha = get_item(log->alphas, node->index), *beta = get_item(log->betas, node->index);
        if (alpha == NULL || beta == NULL || PyList_Append(log->event_alpha, alpha) < 0 ||
            PyList_Append(log->event_beta, beta) < 0) {
            return -1;
        }
    }
    return 0;
}

/* A cut-off: its skipped children were logged as nodes already; give them their parent and depth. */
static int cut(Log *log, Ints *nodes, Open *node, PyObject *last, Py_ssize_t *entering, Py_ssize_t *cut_at) {
    PyObject *logged = next_item(log->logged_cuts, cut_at, "cut-offs");
    if (logged == NULL) {
        return -1;
    }
    if (!PyTuple_Check(logged) || PyTuple_GET_SIZE(logged) != 2) {
        PyErr_SetString(PyExc_TypeError, "a logged cut-off must be a (step, count) tuple");
        return -1;
    }
    PyObject *step = PyTuple_GET_ITEM(logged, 0);
    Py_ssize_t count = PyLong_AsSsize_t(PyTuple_GET_ITEM(logged, 1));
    if (count < 0) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "a cut-off cannot skip a negative number of children");
        }
        return -1;
    }
    PyObject *depth = NULL, *ids = NULL, *record = NULL;
    int result = -1;
    PyObject *depth_of_node = get_item(log->depths, node->index);
    if (depth_of_node == NULL) {
        return -1;
    }
    PyObject *one = PyLong_FromLong(1);
    depth = one == NULL ? NULL : PyNumber_Add(depth_of_node, one);
    Py_XDECREF(one);
    ids = PyTuple_New(count);
    if (depth == NULL || ids == NULL) {
        goto done;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *child = PyLong_FromSsize_t(*entering + i);
        if (child == NULL) {
            goto done;
        }
        PyTuple_SET_ITEM(ids, i, child);
        if (PyList_Append(log->parents, node->node) < 0 || set_item(log->depths, *entering + i, depth) < 0) {
            goto done;
        }
    }
    *entering += count;
    record = PyTuple_Pack(4, node->node, step, last, ids);
    if (record == NULL || PyList_Append(log->cutoffs, record) < 0 || PyDict_SetItem(log->event_skipped, step, ids) < 0) {
        goto done;
    }
    PyObject *value = get_item(log->values, node->index);
    PyObject *alpha = get_item(log->alphas, node->index), *beta = get_item(log->betas, node->index);
    if (value == NULL || alpha == NULL || beta == NULL || ints_add(nodes, node->index) < 0 ||
        PyList_Append(log->children_taken, last) < 0 || PyList_Append(log->event_value, value) < 0 ||
        PyList_Append(log->event_alpha, alpha) < 0 || PyList_Append(log->event_beta, beta) < 0) {
        goto done;
    }
    result = 0;
done:
    Py_XDECREF(depth);
    Py_XDECREF(ids);
    Py_XDECREF(record);
    return result;
}

static int run(Log *log, Stack *stack, Ints *nodes, const unsigned char *actions, Py_ssize_t start, Py_ssize_t end,
               Py_ssize_t *entering, Py_ssize_t *value_at, Py_ssize_t *window_at, Py_ssize_t *cut_at, PyObject **last,
               int windowed) {
    const unsigned char *kinds = (const unsigned char *)PyByteArray_AS_STRING(log->kinds);
    for (Py_ssize_t step = start; step < end; step++) {
        int action = actions[kinds[step]];
        if (action == ACTION_OPEN) {
            Py_ssize_t index = *entering;
            PyObject *node = PyLong_FromSsize_t(index);
            if (node == NULL) {
                return -1;
            }
            PyObject *parent = stack->size ? stack->items[stack->size - 1].node : Py_None;
            int failed = PyList_Append(log->parents, parent) < 0;
            if (!failed && windowed) {
                PyObject *alpha = get_item(log->entered_alphas, index), *beta = get_item(log->entered_betas, index);
                failed = alpha == NULL || beta == NULL || PyList_Append(log->event_alpha, alpha) < 0 ||
                         PyList_Append(log->event_beta, beta) < 0;
            }
            failed = failed || PyList_Append(log->visit_order, node) < 0 || stack_push(stack, node, index) < 0 ||
                     ints_add(nodes, index) < 0 || PyList_Append(log->event_value, Py_None) < 0;
            Py_DECREF(node);
            if (failed) {
                return -1;
            }
            *entering = index + 1;
            continue;
        }
        if (action == ACTION_EXIT) {
            PyObject *value = next_item(log->logged_values, value_at, "values");
            Open *open = top_node(stack);
            if (value == NULL || open == NULL) {
                return -1;
            }
            Open closed = *open; /* popped: the stack's reference moves here */
            stack->size--;
            Py_SETREF(*last, closed.node);
            int failed = set_item(log->values, closed.index, value) < 0 || add_event(log, nodes, &closed, value, windowed) < 0;
            if (failed) {
                return -1;
            }
            continue;
        }
        Open *node = top_node(stack);
        if (node == NULL) {
            return -1;
        }
        if (action == ACTION_BACK_UP || action == ACTION_EVALUATE) {
            PyObject *value = next_item(log->logged_values, value_at, "values");
            if (value == NULL) {
                return -1;
            }
            if (action == ACTION_BACK_UP) {
                PyObject *held = get_item(log->values, node->index);
                if (held == NULL) {
                    return -1;
                }
                int changed = PyObject_RichCompareBool(held, value, Py_NE);
                if (held == value && changed == 0) { /* `!=` in Python does not assume x == x (NaN) */
                    PyObject *answer = PyObject_RichCompare(held, value, Py_NE);
                    changed = answer == NULL ? -1 : PyObject_IsTrue(answer);
                    Py_XDECREF(answer);
                }
                if (changed < 0 || (changed && PyDict_SetItem(log->best, node->node, *last) < 0) ||
                    PyList_Append(log->children_taken, *last) < 0) {
                    return -1;
                }
            }
            if (set_item(log->values, node->index, value) < 0 || add_event(log, nodes, node, value, windowed) < 0) {
                return -1;
            }
            continue;
        }
        if (action == ACTION_UPDATE) {
            PyObject *window = next_item(log->logged_windows, window_at, "windows");
            if (window == NULL) {
                return -1;
            }
            if (!PyTuple_Check(window) || PyTuple_GET_SIZE(window) != 2) {
                PyErr_SetString(PyExc_TypeError, "a logged window must be an (alpha, beta) tuple");
                return -1;
            }
            PyObject *alpha = PyTuple_GET_ITEM(window, 0), *beta = PyTuple_GET_ITEM(window, 1);
            PyObject *value = NULL;
            if (set_item(log->alphas, node->index, alpha) < 0 || set_item(log->betas, node->index, beta) < 0 ||
                ints_add(nodes, node->index) < 0 || (value = get_item(log->values, node->index)) == NULL ||
                PyList_Append(log->event_value, value) < 0 || PyList_Append(log->event_alpha, alpha) < 0 ||
                PyList_Append(log->event_beta, beta) < 0) {
                return -1;
            }
            continue;
        }
        if (action == ACTION_CUT) {
            if (cut(log, nodes, node, *last, entering, cut_at) < 0) {
                return -1;
            }
            continue;
        }
        PyErr_Format(PyExc_ValueError, "unknown replay action %d", action);
        return -1;
    }
    return 0;
}

/* The Python list `stack` as a C stack (the sentinel None has index -1). */
static int stack_load(Stack *stack, PyObject *list) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++) {
        PyObject *node = PyList_GET_ITEM(list, i);
        Py_ssize_t index = node == Py_None ? -1 : PyLong_AsSsize_t(node);
        if ((index == -1 && PyErr_Occurred()) || stack_push(stack, node, index) < 0) {
            return -1;
        }
    }
    return 0;
}

/* Puts the C stack back into the Python list. */
static int stack_store(Stack *stack, PyObject *list) {
    PyObject *items = PyList_New(stack->size);
    if (items == NULL) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < stack->size; i++) {
        Py_INCREF(stack->items[i].node);
        PyList_SET_ITEM(items, i, stack->items[i].node);
    }
    int result = PyList_SetSlice(list, 0, PyList_GET_SIZE(list), items);
    Py_DECREF(items);
    return result;
}

/* The replay of `log`; args: start, end, entering, value_at, window_at, cut_at, last, windowed, actions. */
static PyObject *replay_log(Log *log, PyObject *const *args) {
    Py_ssize_t numbers[6]; /* start, end, entering, value_at, window_at, cut_at */
    for (int i = 0; i < 6; i++) {
        numbers[i] = PyLong_AsSsize_t(args[i]);
        if (numbers[i] == -1 && PyErr_Occurred()) {
            return NULL;
        }
    }
    Py_ssize_t start = numbers[0], end = numbers[1], entering = numbers[2], value_at = numbers[3],
               window_at = numbers[4], cut_at = numbers[5];
    int windowed = PyObject_IsTrue(args[7]);
    if (windowed < 0) {
        return NULL;
    }
    if (!PyBytes_Check(args[8]) || PyBytes_GET_SIZE(args[8]) != 256) {
        PyErr_SetString(PyExc_TypeError, "actions must be 256 bytes");
        return NULL;
    }
    if (start < 0 || end < start || end > PyByteArray_GET_SIZE(log->kinds)) {
        PyErr_SetString(PyExc_IndexError, "the steps to replay are not in the log");
        return NULL;
    }
    Stack stack = {NULL, 0, 0};
    Ints nodes = {NULL, 0, 0};
    PyObject *last = Py_NewRef(args[6]), *result = NULL;
    if (stack_load(&stack, log->stack) == 0 &&
        run(log, &stack, &nodes, (const unsigned char *)PyBytes_AS_STRING(args[8]), start, end, &entering,
            &value_at, &window_at, &cut_at, &last, windowed) == 0 &&
        stack_store(&stack, log->stack) == 0) {
        PyObject *done = nodes.size == 0 ? Py_NewRef(Py_None)
                                          : PyObject_CallMethod(log->event_node, "frombytes", "y#",
                                                                (const char *)nodes.items,
                                                                nodes.size * (Py_ssize_t)sizeof(int));
        if (done != NULL) {
            Py_DECREF(done);
            result = Py_BuildValue("nnnnO", entering, value_at, window_at, cut_at, last);
        }
    }
    Py_DECREF(last);
    stack_free(&stack);
    PyMem_Free(nodes.items);
    return result;
}

static PyObject *replay(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 10) {
        PyErr_SetString(PyExc_TypeError, "replay takes 10 arguments");
        return NULL;
    }
    Log log;
    PyObject *result = log_read(&log, args[0]) < 0 ? NULL : replay_log(&log, args + 1);
    log_clear(&log);
    return result;
}

/* Replayer(rec): `replay` with the log's lists read once (a search that files every few events, at
 * each transposition or re-search, would read them again at each call). Its lists must stay those
 * of `rec`: it is made again for each pass (`configure_hooks`), after `SearchLog.start` chose them. */
typedef struct {
    PyObject_HEAD
    Log log;
} Replayer;

static int replayer_init(Replayer *self, PyObject *args, PyObject *kwargs) {
    PyObject *rec;
    if (!PyArg_ParseTuple(args, "O:Replayer", &rec)) {
        return -1;
    }
    log_clear(&self->log);
    if (log_read(&self->log, rec) < 0) {
        log_clear(&self->log);
        return -1;
    }
    return 0;
}

static PyObject *replayer_replay(Replayer *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "Replayer.replay takes 9 arguments");
        return NULL;
    }
    if (self->log.kinds == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the Replayer was not given a log");
        return NULL;
    }
    return replay_log(&self->log, args);
}

static int replayer_traverse(Replayer *self, visitproc visit, void *arg) {
    PyObject **fields = (PyObject **)&self->log;
    for (Py_ssize_t i = 0; i < LOG_SIZE; i++) {
        Py_VISIT(fields[i]);
    }
    return 0;
}

static int replayer_clear(Replayer *self) {
    log_clear(&self->log);
    return 0;
}

static void replayer_dealloc(Replayer *self) {
    PyObject_GC_UnTrack(self);
    log_clear(&self->log);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef REPLAYER_METHODS[] = {
    {"replay", (PyCFunction)(void (*)(void))replayer_replay, METH_FASTCALL,
     "replay(start, end, entering, value_at, window_at, cut_at, last, windowed, actions)\n--\n\n"
     "`replay` of the log this Replayer was made with."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject REPLAYER_TYPE = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "visualizer.tracing._speedups.Replayer",
    .tp_basicsize = sizeof(Replayer),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "Replayer(rec)\n--\n\n`replay` with the log's lists read once.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)replayer_init,
    .tp_dealloc = (destructor)replayer_dealloc,
    .tp_traverse = (traverseproc)replayer_traverse,
    .tp_clear = (inquiry)replayer_clear,
    .tp_methods = REPLAYER_METHODS,
};

/* The four arrays of `child_index`, filled from the parent ids (already checked to be in range). */
static void index_children(const int *parent, Py_ssize_t count, int *ids, int *starts, int *edge_parent,
                           int *order) {
    memset(starts, 0, (count + 1) * sizeof(int));
    for (Py_ssize_t node = 1; node < count; node++) {
        starts[parent[node] + 1]++;
    }
    for (Py_ssize_t node = 0; node < count; node++) {
        starts[node + 1] += starts[node];
    }
    int *next = PyMem_Malloc((count ? count : 1) * sizeof(int)); /* the next free slot of each parent */
    if (next == NULL) {
        PyErr_NoMemory();
        return;
    }
    memcpy(next, starts, count * sizeof(int));
    for (Py_ssize_t node = 1; node < count; node++) { /* in id order: each parent's children stay in id order */
        int slot = next[parent[node]]++;
        ids[slot] = (int)node;
        edge_parent[slot] = parent[node];
        order[slot] = slot - starts[parent[node]];
    }
    PyMem_Free(next);
}

static PyObject *child_index(PyObject *module, PyObject *parents) {
    if (!PyList_Check(parents)) {
        PyErr_SetString(PyExc_TypeError, "child_index takes a list of parent ids");
        return NULL;
    }
    Py_ssize_t count = PyList_GET_SIZE(parents);
    if (count > INT_MAX - 1) {
        PyErr_SetString(PyExc_ValueError, "too many nodes for C int ids");
        return NULL;
    }
    Py_ssize_t edges = count ? count - 1 : 0;
    int *parent = PyMem_Malloc((count ? count : 1) * sizeof(int));
    PyObject *arrays[4] = {PyBytes_FromStringAndSize(NULL, edges * sizeof(int)),
                           PyBytes_FromStringAndSize(NULL, (count + 1) * sizeof(int)),
                           PyBytes_FromStringAndSize(NULL, edges * sizeof(int)),
                           PyBytes_FromStringAndSize(NULL, edges * sizeof(int))};
    PyObject *result = NULL;
    if (parent == NULL || arrays[0] == NULL || arrays[1] == NULL || arrays[2] == NULL || arrays[3] == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_NoMemory();
        }
        goto done;
    }
    for (Py_ssize_t node = 1; node < count; node++) {
        PyObject *item = PyList_GET_ITEM(parents, node);
        long id = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
        if (id == -1 && PyErr_Occurred()) { /* past a C long: no node's id either */
            PyErr_Clear();
        }
        if (id < 0 || id >= count) {
            PyErr_Format(PyExc_ValueError, "node %zd has no parent among the nodes", node);
            goto done;
        }
        parent[node] = (int)id;
    }
    int *ids = (int *)PyBytes_AS_STRING(arrays[0]), *starts = (int *)PyBytes_AS_STRING(arrays[1]);
    index_children(parent, count, ids, starts, (int *)PyBytes_AS_STRING(arrays[2]),
                   (int *)PyBytes_AS_STRING(arrays[3]));
    if (PyErr_Occurred()) {
        goto done;
    }
    result = PyTuple_Pack(4, arrays[0], arrays[1], arrays[2], arrays[3]);
done:
    PyMem_Free(parent);
    for (int i = 0; i < 4; i++) {
        Py_XDECREF(arrays[i]);
    }
    return result;
}

/* Hooks: the light hooks of `recording_hooks.bind_hooks` (enter, evaluate, back_up, exit, update),
 * each logging its call with appends in C, as the Python closures there do. */
typedef struct {
    PyObject_HEAD
    PyObject *kinds, *states, *moves, *depths, *alphas, *betas, *values, *windows, *checkpoint;
    unsigned char codes[5]; /* ENTER, EVALUATE, BACK_UP, EXIT, UPDATE */
    char windowed;
    Py_ssize_t next_check, skipped_count;
} Hooks;

enum { CODE_ENTER, CODE_EVALUATE, CODE_BACK_UP, CODE_EXIT, CODE_UPDATE };

static PyObject *DEPTH, *ALPHA, *BETA; /* interned keyword names */

static int add_kind(PyObject *kinds, unsigned char code) {
    Py_ssize_t size = PyByteArray_GET_SIZE(kinds);
    if (PyByteArray_Resize(kinds, size + 1) < 0) { /* grows its buffer ahead, like append */
        return -1;
    }
    PyByteArray_AS_STRING(kinds)[size] = (char)code;
    return 0;
}

/* Finds the keyword arguments `names` (interned) among a vectorcall's; each is required. */
static int keywords(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, PyObject **names, PyObject **found,
                    int count, const char *function) {
    Py_ssize_t given = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    for (int i = 0; i < count; i++) {
        found[i] = NULL;
    }
    for (Py_ssize_t k = 0; k < given; k++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, k);
        int matched = 0;
        for (int i = 0; i < count && !matched; i++) {
            if (name == names[i] || PyUnicode_Compare(name, names[i]) == 0) {
                found[i] = args[nargs + k];
                matched = 1;
            }
        }
        if (!matched) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", function, name);
            return -1;
        }
    }
    for (int i = 0; i < count; i++) {
        if (found[i] == NULL) {
            PyErr_Format(PyExc_TypeError, "%s() missing required keyword-only argument: '%U'", function, names[i]);
            return -1;
        }
    }
    return 0;
}

static PyObject *hooks_enter(Hooks *self, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *names[3] = {DEPTH, ALPHA, BETA}, *found[3];
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "enter() takes 2 positional arguments but %zd were given", nargs);
        return NULL;
    }
    if (keywords(args, nargs, kwnames, names, found, 3, "enter") < 0) {
        return NULL;
    }
    Py_ssize_t entered = PyList_GET_SIZE(self->states);
    if (entered >= self->next_check) { /* the budget and progress check (`Recorder._checkpoint`) */
        PyObject *count = PyLong_FromSsize_t(entered - self->skipped_count);
        PyObject *again = count == NULL ? NULL : PyObject_CallOneArg(self->checkpoint, count);
        Py_XDECREF(count);
        if (again == NULL) {
            return NULL;
        }
        Py_ssize_t next = PyLong_AsSsize_t(again);
        Py_DECREF(again);
        if (next == -1 && PyErr_Occurred()) {
            return NULL;
        }
        self->next_check = next + self->skipped_count;
    }
    if (add_kind(self->kinds, self->codes[CODE_ENTER]) < 0 || PyList_Append(self->states, args[0]) < 0 ||
        PyList_Append(self->moves, args[1]) < 0 || PyList_Append(self->depths, found[0]) < 0) {
        return NULL;
    }
    if (self->windowed && (PyList_Append(self->alphas, found[1]) < 0 || PyList_Append(self->betas, found[2]) < 0)) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* evaluate(state, value), back_up(state, child, value) and exit(state, value): the kind and the value. */
static PyObject *log_value(Hooks *self, PyObject *const *args, Py_ssize_t nargs, Py_ssize_t expected, int code,
                           const char *function) {
    if (nargs != expected) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd positional arguments but %zd were given", function, expected,
                     nargs);
        return NULL;
    }
    if (add_kind(self->kinds, self->codes[code]) < 0 || PyList_Append(self->values, args[nargs - 1]) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *hooks_evaluate(Hooks *self, PyObject *const *args, Py_ssize_t nargs) {
    return log_value(self, args, nargs, 2, CODE_EVALUATE, "evaluate");
}

static PyObject *hooks_back_up(Hooks *self, PyObject *const *args, Py_ssize_t nargs) {
    return log_value(self, args, nargs, 3, CODE_BACK_UP, "back_up");
}

static PyObject *hooks_exit(Hooks *self, PyObject *const *args, Py_ssize_t nargs) {
    return log_value(self, args, nargs, 2, CODE_EXIT, "exit");
}

static PyObject *hooks_update(Hooks *self, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *names[2] = {ALPHA, BETA}, *found[2];
    if (nargs != 1) {
        PyErr_Format(PyExc_TypeError, "update() takes 1 positional argument but %zd were given", nargs);
        return NULL;
    }
    if (keywords(args, nargs, kwnames, names, found, 2, "update") < 0) {
        return NULL;
    }
    PyObject *window = PyTuple_Pack(2, found[0], found[1]);
    if (window == NULL) {
        return NULL;
    }
    int failed = add_kind(self->kinds, self->codes[CODE_UPDATE]) < 0 || PyList_Append(self->windows, window) < 0;
    Py_DECREF(window);
    if (failed) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static int hooks_init(Hooks *self, PyObject *args, PyObject *kwargs) {
    PyObject *kinds, *states, *moves, *depths, *alphas, *betas, *values, *windows, *checkpoint;
    const char *codes;
    Py_ssize_t code_count;
    if (kwargs != NULL && PyDict_GET_SIZE(kwargs) > 0) {
        PyErr_SetString(PyExc_TypeError, "Hooks takes positional arguments only");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!O!O!Oy#:Hooks", &PyByteArray_Type, &kinds, &PyList_Type, &states,
                          &PyList_Type, &moves, &PyList_Type, &depths, &PyList_Type, &alphas, &PyList_Type, &betas,
                          &PyList_Type, &values, &PyList_Type, &windows, &checkpoint, &codes, &code_count)) {
        return -1;
    }
    if (code_count != 5) {
        PyErr_SetString(PyExc_ValueError, "Hooks needs the 5 kind codes: enter, evaluate, back_up, exit, update");
        return -1;
    }
    PyObject *held[9] = {kinds, states, moves, depths, alphas, betas, values, windows, checkpoint};
    PyObject **fields[9] = {&self->kinds, &self->states, &self->moves, &self->depths, &self->alphas, &self->betas,
                            &self->values, &self->windows, &self->checkpoint};
    for (int i = 0; i < 9; i++) {
        Py_XSETREF(*fields[i], Py_NewRef(held[i]));
    }
    memcpy(self->codes, codes, 5);
    self->windowed = 0;
    self->next_check = self->skipped_count = 0;
    return 0;
}

static int hooks_traverse(Hooks *self, visitproc visit, void *arg) {
    Py_VISIT(self->kinds);
    Py_VISIT(self->states);
    Py_VISIT(self->moves);
    Py_VISIT(self->depths);
    Py_VISIT(self->alphas);
    Py_VISIT(self->betas);
    Py_VISIT(self->values);
    Py_VISIT(self->windows);
    Py_VISIT(self->checkpoint);
    return 0;
}

static int hooks_clear(Hooks *self) {
    Py_CLEAR(self->kinds);
    Py_CLEAR(self->states);
    Py_CLEAR(self->moves);
    Py_CLEAR(self->depths);
    Py_CLEAR(self->alphas);
    Py_CLEAR(self->betas);
    Py_CLEAR(self->values);
    Py_CLEAR(self->windows);
    Py_CLEAR(self->checkpoint);
    return 0;
}

static void hooks_dealloc(Hooks *self) {
    PyObject_GC_UnTrack(self);
    hooks_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef HOOKS_METHODS[] = {
    {"enter", (PyCFunction)(void (*)(void))hooks_enter, METH_FASTCALL | METH_KEYWORDS,
     "enter(state, move, *, depth, alpha, beta)\n--\n\nLogs an entered node (and checks the budget when due)."},
    {"evaluate", (PyCFunction)(void (*)(void))hooks_evaluate, METH_FASTCALL,
     "evaluate(state, value)\n--\n\nLogs a static value."},
    {"back_up", (PyCFunction)(void (*)(void))hooks_back_up, METH_FASTCALL,
     "back_up(state, child, value)\n--\n\nLogs a value backed up from a child."},
    {"exit", (PyCFunction)(void (*)(void))hooks_exit, METH_FASTCALL,
     "exit(state, value)\n--\n\nLogs a node's final value."},
    {"update", (PyCFunction)(void (*)(void))hooks_update, METH_FASTCALL | METH_KEYWORDS,
     "update(state, *, alpha, beta)\n--\n\nLogs a window update."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef HOOKS_MEMBERS[] = {
    {"windowed", T_BOOL, offsetof(Hooks, windowed), 0, "Log each entered node's window."},
    {"next_check", T_PYSSIZET, offsetof(Hooks, next_check), 0,
     "The count of logged nodes at which `enter` calls the checkpoint again."},
    {"skipped_count", T_PYSSIZET, offsetof(Hooks, skipped_count), 0,
     "The logged nodes that are skipped children, not entered ones (the checkpoint counts entered ones)."},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject HOOKS_TYPE = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "visualizer.tracing._speedups.Hooks",
    .tp_basicsize = sizeof(Hooks),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "Hooks(kinds, states, moves, depths, alphas, betas, values, windows, checkpoint, codes)\n--\n\n"
              "The light hooks, logging each call into the given lists (recording_hooks.bind_hooks).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)hooks_init,
    .tp_dealloc = (destructor)hooks_dealloc,
    .tp_traverse = (traverseproc)hooks_traverse,
    .tp_clear = (inquiry)hooks_clear,
    .tp_methods = HOOKS_METHODS,
    .tp_members = HOOKS_MEMBERS,
};

/* int_records(count, pieces): the JSON list of `count` records, record i the concatenation of piece i
 * of each of `pieces`: a bytes object is the same text in every record, an int column (a list of
 * ints and Nones, a range, or an array of a whole-number type) gives its i-th number (or null).
 * Raises TypeError for anything else (a bool, a float, a string, an int past 64 bits), which the
 * caller writes another way.
 *
 * text_lines(count, pieces): the str of `count` lines, line i the concatenation of piece i of each
 * of `pieces`: a str is the same text in every line, a column (a list or any sequence of str, or
 * of ints; a range; an array of a whole-number type) gives its i-th text or number. What
 * `export/dot_pieces.interleave` makes in Python. Raises TypeError for any other item, and
 * UnicodeEncodeError for a lone surrogate: the caller makes those lines in Python. */
typedef struct {
    const char *text; /* a constant piece (UTF-8) */
    Py_ssize_t size;
    PyObject *list;   /* a list (owned: a sequence is made a list) */
    Py_buffer view;   /* an array's buffer (view.obj != NULL) */
    long long start, step; /* a range */
    int is_range;
} Piece;

typedef struct {
    Piece *items;
    Py_ssize_t width, ready; /* pieces, and how many were set up (their views and lists are let go) */
} Pieces;

static void pieces_free(Pieces *pieces) {
    for (Py_ssize_t p = 0; p < pieces->ready; p++) {
        if (pieces->items[p].view.obj != NULL) {
            PyBuffer_Release(&pieces->items[p].view);
        }
        Py_XDECREF(pieces->items[p].list);
    }
    PyMem_Free(pieces->items);
}

/* Item `index` of a column piece: *number for an int (returns 0), *text for a str when `texts` allows
 * (returns 2), None as null when `nulls` allows (returns 1); -1 on error. */
static int piece_item(Piece *piece, Py_ssize_t index, long long *number, const char **text, Py_ssize_t *size,
                      int texts, int nulls) {
    if (piece->is_range) {
        *number = piece->start + piece->step * (long long)index;
        return 0;
    }
    if (piece->list != NULL) {
        PyObject *item = PyList_GET_ITEM(piece->list, index);
        int overflow = 0;
        if (item == Py_None && nulls) {
            return 1;
        }
        if (texts && PyUnicode_Check(item)) {
            *text = PyUnicode_AsUTF8AndSize(item, size);
            return *text == NULL ? -1 : 2;
        }
        if (!PyLong_CheckExact(item)) {
            PyErr_Format(PyExc_TypeError, "cannot write a %.100s here", Py_TYPE(item)->tp_name);
            return -1;
        }
        *number = PyLong_AsLongLongAndOverflow(item, &overflow);
        if (overflow) {
            PyErr_SetString(PyExc_TypeError, "only ints of 64 bits are written here");
            return -1;
        }
        return *number == -1 && PyErr_Occurred() ? -1 : 0;
    }
    const char *at = (const char *)piece->view.buf + index * piece->view.itemsize;
    switch (piece->view.format[0]) {
    case 'b': *number = *(const signed char *)at; break;
    case 'B': *number = *(const unsigned char *)at; break;
    case 'h': *number = *(const short *)at; break;
    case 'H': *number = *(const unsigned short *)at; break;
    case 'i': *number = *(const int *)at; break;
    case 'I': *number = *(const unsigned int *)at; break;
    case 'l': *number = *(const long *)at; break;
    case 'q': *number = *(const long long *)at; break;
    default:
        PyErr_SetString(PyExc_TypeError, "only arrays of signed or small whole numbers are read here");
        return -1;
    }
    return 0;
}

/* Copies the C string `text` to `out`; returns the end of the copy (stpcpy, which not every C library has). */
static char *put_text(char *out, const char *text) {
    size_t size = strlen(text);
    memcpy(out, text, size);
    return out + size;
}

static char *write_number(char *out, long long number) {
    char digits[24];
    int size = 0;
    unsigned long long magnitude = number < 0 ? 0ULL - (unsigned long long)number : (unsigned long long)number;
    do {
        digits[size++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    if (number < 0) {
        *out++ = '-';
    }
    while (size) {
        *out++ = digits[--size];
    }
    return out;
}

/* Sets up `pieces` from the list `given`: constants (bytes, or str when `texts`) and columns of `count`. */
static int pieces_read(Pieces *pieces, PyObject *given, Py_ssize_t count, int texts) {
    pieces->width = PyList_GET_SIZE(given);
    pieces->ready = 0;
    pieces->items = PyMem_Calloc(pieces->width ? pieces->width : 1, sizeof(Piece));
    if (pieces->items == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t p = 0; p < pieces->width; p++) {
        PyObject *item = PyList_GET_ITEM(given, p);
        Piece *piece = &pieces->items[p];
        Py_ssize_t length = -1;
        pieces->ready = p + 1;
        if (PyBytes_Check(item)) {
            piece->text = PyBytes_AS_STRING(item);
            piece->size = PyBytes_GET_SIZE(item);
            continue;
        }
        if (texts && PyUnicode_Check(item)) {
            piece->text = PyUnicode_AsUTF8AndSize(item, &piece->size);
            if (piece->text == NULL) {
                return -1;
            }
            continue;
        }
        if (PyRange_Check(item)) {
            PyObject *start = PyObject_GetAttrString(item, "start"), *step = PyObject_GetAttrString(item, "step");
            piece->is_range = 1;
            piece->start = start == NULL ? -1 : PyLong_AsLongLong(start);
            piece->step = step == NULL ? -1 : PyLong_AsLongLong(step);
            Py_XDECREF(start);
            Py_XDECREF(step);
            length = PyObject_Length(item);
            if (PyErr_Occurred()) { /* past 64 bits */
                PyErr_Clear();
                PyErr_SetString(PyExc_TypeError, "only ints of 64 bits are written here");
                return -1;
            }
        } else if (PyList_Check(item)) {
            piece->list = Py_NewRef(item);
            length = PyList_GET_SIZE(item);
        } else if (PyObject_CheckBuffer(item)) {
            if (PyObject_GetBuffer(item, &piece->view, PyBUF_FORMAT | PyBUF_ND) < 0) {
                PyErr_Clear();
                PyErr_Format(PyExc_TypeError, "cannot read a %.100s here", Py_TYPE(item)->tp_name);
                return -1;
            }
            if (piece->view.ndim != 1 || piece->view.format == NULL || piece->view.format[1] != '\0') {
                PyErr_SetString(PyExc_TypeError, "only one-dimensional arrays are read here");
                return -1;
            }
            length = piece->view.shape[0];
        } else if (texts && !PyUnicode_Check(item) && !PyBytes_Check(item)) { /* a map, a tuple: made a list */
            piece->list = PySequence_List(item);
            if (piece->list == NULL) {
                return -1;
            }
            length = PyList_GET_SIZE(piece->list);
        } else {
            PyErr_Format(PyExc_TypeError, "cannot read a %.100s here", Py_TYPE(item)->tp_name);
            return -1;
        }
        if (length != count) {
            PyErr_Format(PyExc_ValueError, "a column holds %zd items, not %zd", length, count);
            return -1;
        }
    }
    return 0;
}

/* The records of `pieces`, between `opening` and `closing` and `separator` between them, in a new
 * bytearray; with `texts`, str constants and items are copied as they are (UTF-8), nulls refused. */
static PyObject *join_pieces(Py_ssize_t count, Pieces *pieces, const char *opening, const char *separator,
                             const char *closing, int texts) {
    Py_ssize_t constant = 0, columns = 0, variable = 0;
    for (Py_ssize_t p = 0; p < pieces->width; p++) {
        Piece *piece = &pieces->items[p];
        if (piece->text != NULL) {
            constant += piece->size;
            continue;
        }
        columns++;
        if (texts && piece->list != NULL) { /* the texts' own sizes; 20 for each number */
            for (Py_ssize_t index = 0; index < count; index++) {
                PyObject *item = PyList_GET_ITEM(piece->list, index);
                Py_ssize_t size = 20;
                if (PyUnicode_Check(item) && PyUnicode_AsUTF8AndSize(item, &size) == NULL) {
                    return NULL;
                }
                variable += size;
            }
            columns--;
        }
    }
    Py_ssize_t separators = (Py_ssize_t)strlen(separator);
    Py_ssize_t total = (Py_ssize_t)(strlen(opening) + strlen(closing)) + variable +
                       count * (constant + 20 * columns + separators);
    PyObject *result = PyByteArray_FromStringAndSize(NULL, total);
    if (result == NULL) {
        return NULL;
    }
    char *begin = PyByteArray_AS_STRING(result), *out = begin;
    out = put_text(out, opening);
    for (Py_ssize_t index = 0; index < count; index++) {
        if (index) {
            memcpy(out, separator, separators);
            out += separators;
        }
        for (Py_ssize_t p = 0; p < pieces->width; p++) {
            Piece *piece = &pieces->items[p];
            if (piece->text != NULL) {
                memcpy(out, piece->text, piece->size);
                out += piece->size;
                continue;
            }
            long long number;
            const char *text = NULL;
            Py_ssize_t size = 0;
            int found = piece_item(piece, index, &number, &text, &size, texts, !texts);
            if (found < 0) {
                Py_DECREF(result);
                return NULL;
            }
            if (found == 2) {
                memcpy(out, text, size);
                out += size;
            } else if (found == 1) {
                out = put_text(out, "null");
            } else {
                out = write_number(out, number);
            }
        }
    }
    out = put_text(out, closing);
    if (PyByteArray_Resize(result, out - begin) < 0) {
        Py_DECREF(result);
        return NULL;
    }
    return result;
}

static int count_and_pieces(PyObject *const *args, Py_ssize_t nargs, const char *function, Py_ssize_t *count) {
    if (nargs != 2 || !PyList_Check(args[1])) {
        PyErr_Format(PyExc_TypeError, "%s(count, pieces) takes a count and a list of pieces", function);
        return -1;
    }
    *count = PyLong_AsSsize_t(args[0]);
    if (*count < 0) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "the count cannot be negative");
        }
        return -1;
    }
    return 0;
}

static PyObject *int_records(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    Py_ssize_t count;
    if (count_and_pieces(args, nargs, "int_records", &count) < 0) {
        return NULL;
    }
    Pieces pieces;
    PyObject *result = NULL;
    if (pieces_read(&pieces, args[1], count, 0) == 0) {
        result = join_pieces(count, &pieces, "[", ",", "]", 0);
    }
    pieces_free(&pieces);
    return result;
}

static PyObject *text_lines(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    Py_ssize_t count;
    if (count_and_pieces(args, nargs, "text_lines", &count) < 0) {
        return NULL;
    }
    Pieces pieces;
    PyObject *result = NULL;
    if (pieces_read(&pieces, args[1], count, 1) == 0) {
        PyObject *utf8 = join_pieces(count, &pieces, "", "", "", 1);
        if (utf8 != NULL) {
            result = PyUnicode_DecodeUTF8(PyByteArray_AS_STRING(utf8), PyByteArray_GET_SIZE(utf8), "strict");
            Py_DECREF(utf8);
        }
    }
    pieces_free(&pieces);
    return result;
}

/* assign_where(target, mask, indices, values): target[indices[i]] = values[i] for each i where
 * mask[i] is not 0; `target` and `values` lists, `mask` bytes, `indices` an array of C ints, all but
 * `target` of one length. What `lazy_columns.static_value` does with `compress` in Python. */
static PyObject *assign_where(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyList_Check(args[0]) || !(PyBytes_Check(args[1]) || PyByteArray_Check(args[1])) ||
        !PyList_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "assign_where(target, mask, indices, values) takes a list, bytes, "
                                         "an array of C ints and a list");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[2], &view, PyBUF_FORMAT | PyBUF_ND) < 0) {
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t count = PyBytes_Check(args[1]) ? PyBytes_GET_SIZE(args[1]) : PyByteArray_GET_SIZE(args[1]);
    if (view.ndim != 1 || view.format == NULL || strcmp(view.format, "i") != 0) {
        PyErr_SetString(PyExc_TypeError, "the indices must be an array of C ints");
        goto done;
    }
    if (view.shape[0] != count || PyList_GET_SIZE(args[3]) != count) {
        PyErr_SetString(PyExc_ValueError, "the mask, the indices and the values must be of one length");
        goto done;
    }
    const char *mask = PyBytes_Check(args[1]) ? PyBytes_AS_STRING(args[1]) : PyByteArray_AS_STRING(args[1]);
    const int *indices = (const int *)view.buf;
    for (Py_ssize_t i = 0; i < count; i++) {
        if (mask[i] && set_item(args[0], indices[i], PyList_GET_ITEM(args[3], i)) < 0) {
            goto done;
        }
    }
    result = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&view);
    return result;
}

/* path_names(parents, labels, root): the name of every node, by id, as `PathNamedGame.child_name`
 * makes them one by one: node 0 is `root`; a child of a node named `root` is its label, any other
 * node is its parent's name, ".", its label. `parents` a list (each parent's id below its child's),
 * `labels` a list of str, the label of node i at i - 1. */
static PyObject *path_names(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyList_Check(args[0]) || !PyList_Check(args[1]) || !PyUnicode_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "path_names(parents, labels, root) takes two lists and a str");
        return NULL;
    }
    PyObject *parents = args[0], *labels = args[1], *root = args[2];
    Py_ssize_t count = PyList_GET_SIZE(parents);
    if (count == 0 || PyList_GET_SIZE(labels) != count - 1) {
        PyErr_SetString(PyExc_ValueError, "path_names needs a root and one label for every other node");
        return NULL;
    }
    PyObject *names = PyList_New(count);
    if (names == NULL) {
        return NULL;
    }
    PyList_SET_ITEM(names, 0, Py_NewRef(root));
    for (Py_ssize_t node = 1; node < count; node++) {
        PyObject *parent = PyList_GET_ITEM(parents, node), *label = PyList_GET_ITEM(labels, node - 1), *name;
        Py_ssize_t id = PyLong_Check(parent) ? PyLong_AsSsize_t(parent) : -1;
        if (id < 0 || id >= node) {
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_ValueError, "node %zd has no parent before it", node);
            }
            Py_DECREF(names);
            return NULL;
        }
        if (!PyUnicode_Check(label)) {
            PyErr_SetString(PyExc_TypeError, "a label must be a str");
            Py_DECREF(names);
            return NULL;
        }
        PyObject *parent_name = PyList_GET_ITEM(names, id);
        int is_root = parent_name == root || (PyUnicode_GET_LENGTH(parent_name) == PyUnicode_GET_LENGTH(root) &&
                                              PyUnicode_Compare(parent_name, root) == 0);
        if (is_root) {
            name = Py_NewRef(label);
        } else {
            Py_ssize_t head = PyUnicode_GET_LENGTH(parent_name), tail = PyUnicode_GET_LENGTH(label);
            Py_UCS4 widest = Py_MAX(PyUnicode_MAX_CHAR_VALUE(parent_name), PyUnicode_MAX_CHAR_VALUE(label));
            name = PyUnicode_New(head + 1 + tail, Py_MAX(widest, '.'));
            if (name != NULL && PyUnicode_KIND(name) == PyUnicode_1BYTE_KIND) { /* ASCII and Latin-1: copied */
                Py_UCS1 *data = PyUnicode_1BYTE_DATA(name);
                memcpy(data, PyUnicode_1BYTE_DATA(parent_name), head);
                data[head] = '.';
                memcpy(data + head + 1, PyUnicode_1BYTE_DATA(label), tail);
            } else if (name != NULL) {
                if (PyUnicode_CopyCharacters(name, 0, parent_name, 0, head) < 0 ||
                    PyUnicode_WriteChar(name, head, '.') < 0 ||
                    PyUnicode_CopyCharacters(name, head + 1, label, 0, tail) < 0) {
                    Py_CLEAR(name);
                }
            }
        }
        if (name == NULL) {
            Py_DECREF(names);
            return NULL;
        }
        PyList_SET_ITEM(names, node, name);
    }
    return names;
}

static PyMethodDef METHODS[] = {
    {"path_names", (PyCFunction)(void (*)(void))path_names, METH_FASTCALL,
     "path_names(parents, labels, root)\n--\n\nEvery node's name from its parent's and its label, as "
     "PathNamedGame.child_name makes them."},
    {"assign_where", (PyCFunction)(void (*)(void))assign_where, METH_FASTCALL,
     "assign_where(target, mask, indices, values)\n--\n\ntarget[indices[i]] = values[i] where mask[i] is not 0."},
    {"text_lines", (PyCFunction)(void (*)(void))text_lines, METH_FASTCALL,
     "text_lines(count, pieces)\n--\n\nThe str of count lines, each the concatenation of a piece of each column: "
     "str as they are, columns of str or ints item by item."},
    {"int_records", (PyCFunction)(void (*)(void))int_records, METH_FASTCALL,
     "int_records(count, pieces)\n--\n\nThe JSON list of count records, each the concatenation of a piece of "
     "each column: bytes as they are, ints (a list, a range or an array) written in decimal, None as null."},
    {"child_index", (PyCFunction)child_index, METH_O,
     "child_index(parents)\n--\n\nThe children grouped by parent, each parent's start, and each edge's parent "
     "and order among its siblings: the bytes of four C int arrays."},
    {"replay", (PyCFunction)(void (*)(void))replay, METH_FASTCALL,
     "replay(rec, start, end, entering, value_at, window_at, cut_at, last, windowed, actions)\n--\n\n"
     "Files rec.event_kind[start:end] as recording_hooks.sync does for a pass that shares its entered lists."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_speedups", "Compiled bodies of two tracing loops.",
                                    -1, METHODS};

#ifndef SOURCE_DIGEST
#define SOURCE_DIGEST ""
#endif

PyMODINIT_FUNC PyInit__speedups(void) {
    DEPTH = PyUnicode_InternFromString("depth");
    ALPHA = PyUnicode_InternFromString("alpha");
    BETA = PyUnicode_InternFromString("beta");
    if (DEPTH == NULL || ALPHA == NULL || BETA == NULL || PyType_Ready(&HOOKS_TYPE) < 0 ||
        PyType_Ready(&REPLAYER_TYPE) < 0) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&MODULE);
    if (module == NULL) {
        return NULL;
    }
    if (PyModule_AddObjectRef(module, "Hooks", (PyObject *)&HOOKS_TYPE) < 0 ||
        PyModule_AddObjectRef(module, "Replayer", (PyObject *)&REPLAYER_TYPE) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddStringConstant(module, "SOURCE_DIGEST", SOURCE_DIGEST) < 0 ||
        PyModule_AddIntConstant(module, "ACTION_OPEN", ACTION_OPEN) < 0 ||
        PyModule_AddIntConstant(module, "ACTION_EXIT", ACTION_EXIT) < 0 ||
        PyModule_AddIntConstant(module, "ACTION_BACK_UP", ACTION_BACK_UP) < 0 ||
        PyModule_AddIntConstant(module, "ACTION_EVALUATE", ACTION_EVALUATE) < 0 ||
        PyModule_AddIntConstant(module, "ACTION_UPDATE", ACTION_UPDATE) < 0 ||
        PyModule_AddIntConstant(module, "ACTION_CUT", ACTION_CUT) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
