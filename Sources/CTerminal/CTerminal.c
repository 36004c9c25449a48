// ppoll: a wait that unblocks SIGWINCH for its duration only.
#define _GNU_SOURCE
#include "CTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <wchar.h>

// Signals are turned into flags plus a byte on a self-pipe, and libedit reads characters
// through cambio_read_char, which waits on the terminal and that pipe together. A signal
// therefore ends the current el_gets whenever it arrives, even just before the read starts.
// No SA_RESTART: a blocked poll() returns EINTR.
static volatile sig_atomic_t cambio_interrupted_flag = 0;
static volatile sig_atomic_t cambio_terminate_signal = 0;
static volatile sig_atomic_t cambio_resized_flag = 0;
/// Lets the editor clear the edited line before a redraw, counting its rows at a width.
static void (*cambio_redraw_after_resize)(int columns) = NULL;


void cambio_set_redraw_after_resize(void (*callback)(int columns)) {
    cambio_redraw_after_resize = callback;
}

/// Lets the editor lay the line out again, with its rows wrapped by the terminal, when libedit
/// may have drawn one with a newline of its own; nonzero: it cleared the line.
static int (*cambio_rewrap_if_needed)(void) = NULL;

void cambio_set_rewrap_if_needed(int (*callback)(void)) {
    cambio_rewrap_if_needed = callback;
}
static int cambio_full_terminal = 1;
static int cambio_signal_pipe[2] = {-1, -1};

/// The signal mask the reader waits with: SIGWINCH, blocked at all other times, is delivered
/// only there, to Cambio's handler. That handler, to put back after libedit's.
static sigset_t cambio_wait_mask;
static struct sigaction cambio_action;

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

void cambio_install_signal_handlers(void) {
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
    cambio_action = sa;
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
    // A resize is taken only while the reader waits, by this handler: libedit's own (with
    // EL_SIGNAL) resizes its display inside the signal handler, allocating memory wherever
    // the program was interrupted.
    sigset_t resize;
    sigemptyset(&resize);
    sigaddset(&resize, SIGWINCH);
    sigprocmask(SIG_BLOCK, &resize, &cambio_wait_mask);
    sigdelset(&cambio_wait_mask, SIGWINCH);
}

/// Every TIOCGWINSZ in the process, libedit's included, answers a window of at most
/// CAMBIO_WINDOW_LIMIT columns and rows. libedit keeps a character per cell of the window,
/// twice, and reads the size itself at every prompt: told a 10000 × 10000 window it took 800
/// MB, and crashed where memory was limited. This definition takes the place of the C
/// library's for the whole program (the one way to bound what libedit reads), and is the
/// kernel's call otherwise.
int ioctl(int descriptor, unsigned long request, ...) {
    va_list arguments;
    va_start(arguments, request);
    void *argument = va_arg(arguments, void *);
    va_end(arguments);
    long result = syscall(SYS_ioctl, descriptor, request, argument);
    if (result == 0 && request == TIOCGWINSZ && argument != NULL) {
        struct winsize *size = argument;
        if (size->ws_col > CAMBIO_WINDOW_LIMIT) size->ws_col = CAMBIO_WINDOW_LIMIT;
        if (size->ws_row > CAMBIO_WINDOW_LIMIT) size->ws_row = CAMBIO_WINDOW_LIMIT;
    }
    return (int)result;
}

void cambio_drain_signal_pipe(void) {
    char buffer[64];
    while (cambio_signal_pipe[0] >= 0 && read(cambio_signal_pipe[0], buffer, sizeof buffer) > 0) {
    }
}

/// libedit's character reader (EL_GETCFN): one character from the terminal, 0 at end of
/// input, -1 when a signal asks el_gets to return.
/// A byte read after an incomplete character, kept for the next call: it starts the next
/// character (an Enter after a cut UTF-8 sequence is still an Enter).
static int cambio_pushed_back = -1;

static int cambio_read_char(EditLine *el, wchar_t *out) {
    char bytes[8];
    size_t length = 0;
    if (cambio_pushed_back >= 0) {
        bytes[0] = (char)cambio_pushed_back;
        cambio_pushed_back = -1;
        length = 1;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t converted = mbrtowc(out, bytes, length, &state);
        if (converted != (size_t)-2) {
            if (converted == (size_t)-1) *out = 0xFFFD;
            return 1;
        }
    }

    // el_gets has installed libedit's handlers: resizes stay with this one.
    struct sigaction current;
    if (sigaction(SIGWINCH, NULL, &current) == 0 && current.sa_handler != cambio_on_signal && cambio_action.sa_handler != NULL) {
        sigaction(SIGWINCH, &cambio_action, NULL);
    }
    // libedit has drawn the line: a row it ended with a newline of its own (a row ending in a
    // blank) would come apart in a resize, so the editor has it drawn again if need be.
    if (cambio_full_terminal && cambio_rewrap_if_needed && cambio_rewrap_if_needed()) {
        el_set(el, EL_REFRESH);
    }
    for (;;) {
        if (cambio_interrupted_flag || cambio_terminate_signal) {
            cambio_drain_signal_pipe();
            return -1;
        }
        if (cambio_resized_flag) {
            // Redraw the line from the first column at the new width: libedit forgets where
            // the cursor is when it resizes, and would draw the line again after itself.
            // A line that wraps starts rows above the cursor: go up to its first row before
            // clearing, or the rows above stay as a stale copy.
            cambio_resized_flag = 0;
            el_resize(el);
            if (cambio_full_terminal) {
                // Terminals re-flow the rows of a line they wrapped themselves, so the line starts
                // where the new width puts it; the editor clears from there (the output layer
                // writes it). Counting more rows would erase output above the line. The editor
                // also has the terminal wrap every row of the line it draws again: libedit ends a
                // row that ends in a blank with a newline, and the next resize kept such rows
                // apart, so the rows above the cursor were more than the new width counts.
                struct winsize size;
                if (cambio_redraw_after_resize && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
                    cambio_redraw_after_resize(size.ws_col);
                }
                el_set(el, EL_REFRESH);
            }
        }
        struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {cambio_signal_pipe[0], POLLIN, 0}};
        int ready = ppoll(fds, cambio_signal_pipe[0] >= 0 ? 2 : 1, NULL, &cambio_wait_mask);
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
        if (converted == (size_t)-1 && length > 1) {
            // The last byte does not continue the character before it: that one is cut short
            // (U+FFFD, reported by the parser), and the byte begins the next one.
            cambio_pushed_back = (unsigned char)bytes[length - 1];
            *out = 0xFFFD;
            return 1;
        }
        if (converted == (size_t)-1 || converted == (size_t)-2) {
            *out = 0xFFFD;  // not a character in this encoding: shown, then reported by the parser
        }
        return 1;
    }
}

void cambio_el_use_own_reader(EditLine *el) {
    el_set(el, EL_GETCFN, cambio_read_char);
}

void cambio_set_full_terminal(int full) {
    cambio_full_terminal = full;
}

int cambio_take_interrupt(void) {
    int was = cambio_interrupted_flag;
    cambio_interrupted_flag = 0;
    return was;
}

int cambio_pending_termination(void) {
    return cambio_terminate_signal;
}

