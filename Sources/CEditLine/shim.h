// Non-variadic wrappers around libedit's variadic el_set/el_get/history calls, which
// Swift cannot call directly.
#ifndef CAMBIO_EDITLINE_SHIM_H
#define CAMBIO_EDITLINE_SHIM_H

#include <histedit.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>
#include <wchar.h>

typedef char *(*cambio_prompt_fn)(EditLine *);
typedef unsigned char (*cambio_key_fn)(EditLine *, int);

static inline void cambio_el_set_prompt(EditLine *el, cambio_prompt_fn fn) {
    // '\1' brackets invisible sequences (colours) so they are not counted as columns.
    el_set(el, EL_PROMPT_ESC, fn, '\1');
}

static inline void cambio_el_set_rprompt(EditLine *el, cambio_prompt_fn fn) {
    el_set(el, EL_RPROMPT_ESC, fn, '\1');
}

static inline void cambio_el_set_editor(EditLine *el, const char *mode) {
    el_set(el, EL_EDITOR, mode);
}

static inline void cambio_el_set_history(EditLine *el, History *h) {
    el_set(el, EL_HIST, history, h);
}

static inline void cambio_el_set_signal(EditLine *el, int on) {
    el_set(el, EL_SIGNAL, on);
}

static inline void cambio_el_add_function(EditLine *el, const char *name, const char *help, cambio_key_fn fn) {
    el_set(el, EL_ADDFN, name, help, fn);
}

static inline void cambio_el_bind(EditLine *el, const char *key, const char *function) {
    el_set(el, EL_BIND, key, function, NULL);
}

static inline void cambio_el_refresh(EditLine *el) {
    el_set(el, EL_REFRESH);
}

static inline int cambio_el_terminal_columns(EditLine *el) {
    int cols = 0;
    if (el_get(el, EL_GETTC, "co", &cols, NULL) != 0) return 0;
    return cols;
}

static inline int cambio_el_terminal_lines(EditLine *el) {
    int lines = 0;
    if (el_get(el, EL_GETTC, "li", &lines, NULL) != 0) return 0;
    return lines;
}

/// The line being edited: its text up to the cursor and after it, as UTF-8.
static inline const LineInfo *cambio_el_line(EditLine *el) {
    return el_line(el);
}

static inline int cambio_history_set_size(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}

static inline int cambio_history_set_unique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}

static inline int cambio_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

static inline int cambio_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}

static inline int cambio_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}

/// The newest entry (then older ones with cambio_history_next), or NULL.
static inline const char *cambio_history_first(History *h) {
    HistEvent ev;
    if (history(h, &ev, H_FIRST) < 0) return NULL;
    return ev.str;
}

static inline const char *cambio_history_next(History *h) {
    HistEvent ev;
    if (history(h, &ev, H_NEXT) < 0) return NULL;
    return ev.str;
}

static inline int cambio_history_count(History *h) {
    HistEvent ev;
    if (history(h, &ev, H_GETSIZE) < 0) return 0;
    return ev.num;
}

// The signal flags, the self-pipe and libedit's character reader live in the CTerminal
// target: one definition each, shared by every object file that uses them.

#endif
