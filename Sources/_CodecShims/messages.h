/* Collecting library messages instead of printing them. Internal to the shim. */
#ifndef SCROLLRENDER_MESSAGES_H
#define SCROLLRENDER_MESSAGES_H

#include "CodecShims.h"

void sr_messages_set_error(sr_messages *messages, const char *text);
void sr_messages_add_warning(sr_messages *messages, const char *text);

#endif
