// Non-variadic wrappers around libedit's variadic el_set/el_get/history calls, which
// Swift cannot call directly, plus the process's SIGINT flag.
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

// Signals are turned into flags plus a byte on a self-pipe, and libedit reads characters
// through cambio_read_char, which waits on the terminal and that pipe together. A signal
// therefore ends the current el_gets whenever it arrives, even just before the read starts.
// No SA_RESTART: a blocked poll() returns EINTR.
static volatile sig_atomic_t cambio_interrupted_flag = 0;
static volatile sig_atomic_t cambio_terminate_signal = 0;
static volatile sig_atomic_t cambio_resized_flag = 0;
/// Whether the terminal takes cursor movement (not TERM=dumb, not --plain).
static int cambio_full_terminal = 1;
static int cambio_signal_pipe[2] = {-1, -1};

static void cambio_on_signal(int sig) {
    int saved = errno;
    if (sig == SIGINT) cambio_interrupted_flag = 1;
    else if (sig == SIGWINCH) cambio_resized_flag = 1;
    else cambio_terminate_signal = sig;
    if (cambio_signal_pipe[1] >= 0) {
        char byte = (char)sig;
        ssize_t ignored = write(cambio_signal_pipe[1], &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

static inline void cambio_install_signal_handlers(void) {
    if (cambio_signal_pipe[0] < 0 && pipe(cambio_signal_pipe) == 0) {
        for (int i = 0; i < 2; i++) {
            fcntl(cambio_signal_pipe[i], F_SETFL, fcntl(cambio_signal_pipe[i], F_GETFL) | O_NONBLOCK);
            fcntl(cambio_signal_pipe[i], F_SETFD, FD_CLOEXEC);
        }
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = cambio_on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGWINCH, &sa, NULL);
    // A parent may have left these blocked; the shell depends on receiving them.
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGHUP);
    sigaddset(&wanted, SIGWINCH);
    sigaddset(&wanted, SIGCONT);
    sigaddset(&wanted, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &wanted, NULL);
}

static inline void cambio_drain_signal_pipe(void) {
    char buffer[64];
    while (cambio_signal_pipe[0] >= 0 && read(cambio_signal_pipe[0], buffer, sizeof buffer) > 0) {
    }
}

/// libedit's character reader (EL_GETCFN): one character from the terminal, 0 at end of
/// input, -1 when a signal asks el_gets to return.
static int cambio_read_char(EditLine *el, wchar_t *out) {
    char bytes[8];
    size_t length = 0;
    for (;;) {
        if (cambio_interrupted_flag || cambio_terminate_signal) {
            cambio_drain_signal_pipe();
            return -1;
        }
        if (cambio_resized_flag) {
            // Redraw the line from the first column at the new width: libedit forgets where
            // the cursor is when it resizes, and would draw the line again after itself.
            cambio_resized_flag = 0;
            el_resize(el);
            if (cambio_full_terminal) {
                ssize_t ignored = write(STDOUT_FILENO, "\r\033[J", 4);
                (void)ignored;
                el_set(el, EL_REFRESH);
            }
        }
        struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {cambio_signal_pipe[0], POLLIN, 0}};
        int ready = poll(fds, cambio_signal_pipe[0] >= 0 ? 2 : 1, -1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (fds[1].revents & POLLIN) {
            cambio_drain_signal_pipe();
            continue;
        }
        if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        ssize_t count = read(STDIN_FILENO, bytes + length, 1);
        if (count == 0) return 0;
        if (count < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return -1;
        }
        length += 1;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t converted = mbrtowc(out, bytes, length, &state);
        if (converted == (size_t)-2 && length < sizeof bytes) continue;  // more bytes to come
        if (converted == (size_t)-1 || converted == (size_t)-2) {
            *out = 0xFFFD;  // not a character in this encoding: shown, then reported by the parser
        }
        return 1;
    }
}

static inline void cambio_el_use_own_reader(EditLine *el) {
    el_set(el, EL_GETCFN, cambio_read_char);
}

static inline void cambio_set_full_terminal(int full) {
    cambio_full_terminal = full;
}

static inline int cambio_take_interrupt(void) {
    int was = cambio_interrupted_flag;
    cambio_interrupted_flag = 0;
    return was;
}

static inline int cambio_pending_termination(void) {
    return cambio_terminate_signal;
}

#endif
