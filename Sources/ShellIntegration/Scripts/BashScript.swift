/// The bash part: key bindings with `bind -x` (bash 4+), `**` completion for common commands,
/// and the command log written from PROMPT_COMMAND.
enum BashScript {
    static let text = #"""
        # Inserts text at the cursor.
        __instantsearch_insert() {
          READLINE_LINE="${READLINE_LINE:0:READLINE_POINT}$1${READLINE_LINE:READLINE_POINT}"
          READLINE_POINT=$((READLINE_POINT + ${#1}))
        }

        # Quotes each argument for bash, space after each.
        __instantsearch_quoted() {
          local item quoted= one
          for item in "$@"; do
            printf -v one '%q' "$item"
            quoted+="$one "
          done
          printf '%s' "$quoted"
        }

        __instantsearch_ctrl_t() {
          local picked=() item
          while IFS= read -r -d '' item; do picked+=("$item"); done < <(__instantsearch_select_files)
          [ ${#picked[@]} -gt 0 ] || return 0
          __instantsearch_insert "$(__instantsearch_quoted "${picked[@]}")"
        }

        # Ctrl-R and Alt-C end in a second key sequence, \C-x\C-y2: accept-line to run the line,
        # redraw-current-line otherwise (bind -x alone cannot run what it put on the line).
        __instantsearch_finish() {
          bind -m emacs-standard "\"\C-x\C-y2\": $1"
          bind -m vi-insert "\"\C-x\C-y2\": $1"
          bind -m vi-command "\"\C-x\C-y2\": $1"
        }

        __instantsearch_history() {
          __instantsearch_finish redraw-current-line
          local output key args=(--source=history --shell=bash --shell-session="$__instantsearch_session" --expect=ctrl-o
            --history-deleted="$__instantsearch_deleted_file" ${READLINE_LINE:+"--query=$READLINE_LINE"})
          [ -f "${HISTFILE:-}" ] && args+=(--shell-history="$HISTFILE")
          output=$(__instantsearch_run INSTANTSEARCH_CTRL_R_OPTS "${args[@]}")
          local picked=$?
          __instantsearch_forget
          [ $picked -eq 0 ] || return 0
          key=${output%%$'\n'*}
          READLINE_LINE=${output#*$'\n'}
          READLINE_POINT=${#READLINE_LINE}
          [ "$key" = ctrl-o ] && __instantsearch_finish accept-line
        }

        # Takes the commands Ctrl-R deleted out of this shell's memory too, newest first (so the
        # numbers of the others stay), so that bash does not write them back; then the command
        # log goes on from the history's new last number.
        __instantsearch_forget() {
          [ -s "$__instantsearch_deleted_file" ] || return 0
          local deleted=() item line numbers=() texts=() newline=$'\n' i
          while IFS= read -r -d '' item; do deleted+=("$item"); done <"$__instantsearch_deleted_file"
          command rm -f -- "$__instantsearch_deleted_file"
          # history's lines: "  NUMBER  COMMAND", a command of several lines going on below.
          while IFS= read -r line; do
            if [[ $line =~ ^\ *([0-9]+)[*\ ]\ (.*)$ ]]; then
              numbers+=("${BASH_REMATCH[1]}") texts+=("${BASH_REMATCH[2]}")
            elif [ ${#texts[@]} -gt 0 ]; then
              texts[${#texts[@]}-1]+=$newline$line
            fi
          done < <(HISTTIMEFORMAT= builtin history)
          for ((i = ${#numbers[@]} - 1; i >= 0; i--)); do
            for item in "${deleted[@]}"; do
              [ "${texts[i]}" = "$item" ] && builtin history -d "${numbers[i]}" && break
            done
          done
          line=$(HISTTIMEFORMAT= builtin history 1)
          [[ $line =~ ^\ *([0-9]+) ]] && __instantsearch_last_number=${BASH_REMATCH[1]}
        }

        __instantsearch_cd() {
          __instantsearch_finish redraw-current-line
          local dir
          dir=$(__instantsearch_select_dir) && [ -n "$dir" ] || return 0
          printf -v READLINE_LINE 'builtin cd -- %q' "$dir"
          READLINE_POINT=${#READLINE_LINE}
          __instantsearch_finish accept-line
        }

        for __instantsearch_map in emacs-standard vi-insert vi-command; do
          bind -m "$__instantsearch_map" -x '"\C-t": __instantsearch_ctrl_t'
          bind -m "$__instantsearch_map" -x '"\C-x\C-y1": __instantsearch_history'
          bind -m "$__instantsearch_map" '"\C-r": "\C-x\C-y1\C-x\C-y2"'
          bind -m "$__instantsearch_map" -x '"\C-x\C-y3": __instantsearch_cd'
          bind -m "$__instantsearch_map" '"\ec": "\C-x\C-y3\C-x\C-y2"'
          bind -m "$__instantsearch_map" '"\e[0n": redraw-current-line'
        done
        unset __instantsearch_map
        __instantsearch_finish redraw-current-line

        # **<Tab>: the word before ** chooses where to start; other words complete as bash would.
        __instantsearch_complete() {
          local word=${COMP_WORDS[COMP_CWORD]} items=() item
          [[ $word == *'**' ]] || return 0  # nothing: -o default / bashdefault complete it
          while IFS= read -r -d '' item; do items+=("$item"); done < <(__instantsearch_complete_items "$1" "${word%'**'}")
          # The picker drew over the prompt: ask the terminal for its status, whose answer (\e[0n,
          # bound below) makes readline redraw the whole line.
          printf '\e[5n'
          [ ${#items[@]} -gt 0 ] || return 0
          if [ "$1" = kill ]; then COMPREPLY=("${items[*]}"); else COMPREPLY=("$(__instantsearch_quoted "${items[@]}")"); fi
          COMPREPLY=("${COMPREPLY[0]% }")
        }

        # Commands with a completion of their own (bash-completion's git, tar, …) keep it: only these,
        # and only when nothing completes them yet, get ours.
        for __instantsearch_command in ${INSTANTSEARCH_COMPLETION_COMMANDS:-vim vi nvim nano emacs code less more cat head tail \
          bat ls cp mv rm ln mkdir rmdir cd pushd diff du kill ssh scp sftp telnet mosh}; do
          complete -p "$__instantsearch_command" >/dev/null 2>&1 ||
            complete -o bashdefault -o default -F __instantsearch_complete "$__instantsearch_command"
        done
        unset __instantsearch_command

        # The command log: the folder a command ran in (where the prompt before it was), its status,
        # the machine and this session.
        __instantsearch_host=${HOSTNAME:-}
        printf -v __instantsearch_session '%s:%(%s)T' "$$" -1
        __instantsearch_log_command() {
          local exit_status=$? line now
          line=$(HISTTIMEFORMAT= builtin history 1)
          if [[ $line =~ ^\ *([0-9]+)[*\ ]\ (.*)$ ]]; then
            if [ -n "${__instantsearch_last_number:-}" ] && [ "${BASH_REMATCH[1]}" != "$__instantsearch_last_number" ]; then
              printf -v now '%(%s)T' -1
              __instantsearch_log_line "$now" "$exit_status" "${__instantsearch_last_dir:-$PWD}" "${BASH_REMATCH[2]}"
            fi
            __instantsearch_last_number=${BASH_REMATCH[1]}
          fi
          __instantsearch_last_dir=$PWD
          return $exit_status
        }
        case ";${PROMPT_COMMAND:-};" in
          *";__instantsearch_log_command;"*) ;;
          *) PROMPT_COMMAND="__instantsearch_log_command${PROMPT_COMMAND:+;$PROMPT_COMMAND}" ;;
        esac

        """#
}
