/* Runs one command and prints its wall time in seconds and its peak resident set size in
 * KiB, as the kernel reports them (wait4). Scripts/bench runs every tool through it, so
 * the figures are the tool's own: a program that forks a large interpreter first (Python's
 * subprocess) would have the interpreter's memory counted as the child's peak.
 *
 * Usage: measure INPUT COMMAND [ARGUMENT...]     (INPUT: a file for standard input, or -) */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: measure INPUT COMMAND [ARGUMENT...]\n");
        return 2;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, argv[1][0] == '-' && argv[1][1] == 0 ? "/dev/null" : argv[1], O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t child;
    if (posix_spawnp(&child, argv[2], &actions, NULL, argv + 2, environ) != 0) {
        perror(argv[2]);
        return 1;
    }
    int status;
    struct rusage usage;
    if (wait4(child, &status, 0, &usage) < 0) {
        perror("wait4");
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%.6f %ld\n", seconds, usage.ru_maxrss);
    return 0;
}
