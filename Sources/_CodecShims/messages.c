#include <string.h>
#include "messages.h"

static void copy_message(char destination[SR_MESSAGE_LENGTH], const char *text) {
    strncpy(destination, text ? text : "", SR_MESSAGE_LENGTH - 1);
    destination[SR_MESSAGE_LENGTH - 1] = '\0';
}

/* Keeps the first error only: later ones are usually consequences of it. */
void sr_messages_set_error(sr_messages *messages, const char *text) {
    if (messages->error[0] == '\0') copy_message(messages->error, text);
}

/* Keeps distinct warnings, so a damaged file cannot flood the report with one line repeated. */
void sr_messages_add_warning(sr_messages *messages, const char *text) {
    messages->total_warnings++;
    for (int i = 0; i < messages->warning_count; i++) {
        if (strncmp(messages->warnings[i], text, SR_MESSAGE_LENGTH - 1) == 0) return;
    }
    if (messages->warning_count < SR_MAX_WARNINGS) {
        copy_message(messages->warnings[messages->warning_count++], text);
    }
}
