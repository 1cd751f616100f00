/*
 * send.c - hitkit-inject-send: sends commands to the hitkit-inject weston module and prints its
 * replies (README.md beside this file).
 *
 * usage: hitkit-inject-send SOCKET [COMMAND...]
 *   Each COMMAND argument is one line; with none, the lines of standard input are sent. Each line
 *   is sent once the reply to the one before has come (so a test knows the compositor has
 *   carried it out), and every reply line is printed. Blank lines and # comments are not sent.
 *
 * Exits 0 when every reply was "ok", 1 when one was an error (the others still ran), 2 when the
 * socket cannot be reached or closes.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int connection = -1;
static char pending[4096];
static size_t pending_used;

static int send_line(const char *line) {
    size_t length = strlen(line);
    while (length > 0) {
        ssize_t written = write(connection, line, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return 0;
        line += written;
        length -= (size_t)written;
    }
    return write(connection, "\n", 1) == 1;
}

/* Reads one reply line into `line`; 0 when the socket closed. */
static int read_reply(char *line, size_t size) {
    for (;;) {
        char *newline = memchr(pending, '\n', pending_used);
        ssize_t got;
        if (newline) {
            size_t length = (size_t)(newline - pending);
            if (length >= size) length = size - 1;
            memcpy(line, pending, length);
            line[length] = '\0';
            memmove(pending, newline + 1, pending_used - (size_t)(newline - pending) - 1);
            pending_used -= (size_t)(newline - pending) + 1;
            return 1;
        }
        if (pending_used == sizeof pending) pending_used = 0; /* a reply longer than any the module writes */
        got = read(connection, pending + pending_used, sizeof pending - pending_used);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return 0;
        pending_used += (size_t)got;
    }
}

/* Sends one command and prints its replies up to "ok" or "error: ..."; returns 1 for ok, 0 for
 * an error, -1 when the socket closed. */
static int command(const char *text) {
    const char *start = text;
    char reply[4096];
    while (*start == ' ' || *start == '\t') start++;
    if (*start == '\0' || *start == '#') return 1;
    if (!send_line(text)) return -1;
    for (;;) {
        if (!read_reply(reply, sizeof reply)) return -1;
        puts(reply);
        if (strcmp(reply, "ok") == 0) return 1;
        if (strncmp(reply, "error:", 6) == 0) return 0;
    }
}

int main(int argc, char **argv) {
    struct sockaddr_un address;
    int status = 0, i, result;
    char line[1024];
    if (argc < 2) {
        fprintf(stderr, "usage: %s SOCKET [COMMAND...]\n", argv[0]);
        return 2;
    }
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    if (strlen(argv[1]) >= sizeof address.sun_path) {
        fprintf(stderr, "%s: socket path too long\n", argv[0]);
        return 2;
    }
    strcpy(address.sun_path, argv[1]);
    connection = socket(AF_UNIX, SOCK_STREAM, 0);
    if (connection < 0 || connect(connection, (struct sockaddr *)&address, sizeof address) != 0) {
        fprintf(stderr, "%s: cannot connect to %s: %s\n", argv[0], argv[1], strerror(errno));
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc > 2) {
        for (i = 2; i < argc; i++) {
            if ((result = command(argv[i])) < 0) break;
            if (result == 0) status = 1;
        }
    } else {
        result = 1;
        while (fgets(line, sizeof line, stdin)) {
            line[strcspn(line, "\n")] = '\0';
            if ((result = command(line)) < 0) break;
            if (result == 0) status = 1;
        }
    }
    if (result < 0) {
        fprintf(stderr, "%s: the module closed the connection\n", argv[0]);
        return 2;
    }
    close(connection);
    return status;
}
