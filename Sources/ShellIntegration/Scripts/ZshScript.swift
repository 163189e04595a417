/// The zsh part: zle widgets, `**` completion on Tab, and the command log from the
/// preexec / precmd hooks.
enum ZshScript {
    static let text = #"""
        # The picked items (each ended by NUL, which zsh keeps in a variable) quoted one by one,
        # a space between: (@) keeps them apart inside the double quotes.
        instantsearch-file-widget() {
          local output
          output=$(__instantsearch_select_files)
          local -a picked=(${(0)output})
          (( ${#picked} )) && LBUFFER+="${(j: :)${(@q)picked}} "
          zle reset-prompt
        }

        instantsearch-history-widget() {
          local output
          local -a args=(--source=history --shell=zsh --shell-session="$__instantsearch_session" --expect=ctrl-o
            --history-deleted="$__instantsearch_deleted_file" ${BUFFER:+"--query=$BUFFER"})
          [[ -f ${HISTFILE:-} ]] && args+=(--shell-history="$HISTFILE")
          output=$(__instantsearch_run INSTANTSEARCH_CTRL_R_OPTS "${args[@]}")
          __instantsearch_forget
          if [[ -n $output ]]; then
            BUFFER=${output#*$'\n'}
            CURSOR=$#BUFFER
          fi
          zle reset-prompt
          [[ ${output%%$'\n'*} == ctrl-o ]] && zle accept-line
          return 0
        }

        # Takes the commands Ctrl-R deleted out of this shell's memory too. zsh deletes no single
        # entry: HISTORY_IGNORE (kept for the session, after the user's own) leaves them out of
        # every write from now on, this session's new commands go to the file first (fc -AI),
        # and the history is read again from its own copy without them (fc -W, fc -p). The list
        # pushed aside gets no file, so nothing writes it back on exit.
        typeset -ga __instantsearch_forgotten
        __instantsearch_user_ignore=${HISTORY_IGNORE-}
        __instantsearch_forget() {
          [[ -s $__instantsearch_deleted_file ]] || return 0
          local -a deleted=(${(0)"$(<$__instantsearch_deleted_file)"})
          command rm -f -- "$__instantsearch_deleted_file"
          __instantsearch_forgotten+=("${(@b)deleted}")
          HISTORY_IGNORE="(${(j:|:)__instantsearch_forgotten}${__instantsearch_user_ignore:+|$__instantsearch_user_ignore})"
          [[ -n ${HISTFILE:-} ]] && fc -AI
          local file=$HISTFILE copy=${__instantsearch_deleted_file}.history saved=${SAVEHIST:-0}
          SAVEHIST=$HISTSIZE  # the whole list in the copy, whatever goes to the file
          fc -W "$copy" || { SAVEHIST=$saved; return 0; }
          HISTFILE=
          fc -p "$copy" "$HISTSIZE" "$saved"
          HISTFILE=$file
          command rm -f -- "$copy"
        }

        instantsearch-cd-widget() {
          local dir
          dir=$(__instantsearch_select_dir)
          if [[ -n $dir ]]; then
            zle push-line  # what was typed comes back at the next prompt
            BUFFER="builtin cd -- ${(q)dir}"
            zle accept-line
          fi
          zle reset-prompt
        }

        # **<Tab>: the word before ** chooses where to start; otherwise Tab completes as it did.
        __instantsearch_default_tab=$(bindkey '^I' | command awk '{ print $2 }')
        [[ -z $__instantsearch_default_tab || $__instantsearch_default_tab == instantsearch-completion ]] &&
          __instantsearch_default_tab=expand-or-complete
        instantsearch-completion() {
          local -a words=(${(z)LBUFFER})
          local word=${words[-1]}
          if [[ $LBUFFER == *'**' && $word == *'**' && ${#words} -gt 1 ]]; then
            local output
            output=$(__instantsearch_complete_items "${words[1]}" "${word%'**'}")
            local -a items=(${(0)output})
            if (( ${#items} )); then
              if [[ ${words[1]} == kill ]]; then
                LBUFFER="${LBUFFER%$word}${(j: :)items} "
              else
                LBUFFER="${LBUFFER%$word}${(j: :)${(@q)items}} "
              fi
            fi
            zle reset-prompt
          else
            zle "$__instantsearch_default_tab"
          fi
        }

        zle -N instantsearch-file-widget
        zle -N instantsearch-history-widget
        zle -N instantsearch-cd-widget
        zle -N instantsearch-completion
        for __instantsearch_keymap in emacs viins vicmd; do
          bindkey -M $__instantsearch_keymap '^T' instantsearch-file-widget
          bindkey -M $__instantsearch_keymap '^R' instantsearch-history-widget
          bindkey -M $__instantsearch_keymap '\ec' instantsearch-cd-widget
        done
        bindkey -M emacs '^I' instantsearch-completion
        bindkey -M viins '^I' instantsearch-completion
        unset __instantsearch_keymap

        # The command log: the folder a command ran in, its status, the machine and this session.
        zmodload zsh/datetime 2>/dev/null
        __instantsearch_host=${HOST:-}
        __instantsearch_session=$$:${EPOCHSECONDS:-0}
        __instantsearch_preexec() {
          __instantsearch_command=$1
          __instantsearch_command_dir=$PWD
        }
        __instantsearch_precmd() {
          local exit_status=$?
          [[ -n ${__instantsearch_command-} ]] || return 0
          __instantsearch_log_line "${EPOCHSECONDS:-0}" "$exit_status" "$__instantsearch_command_dir" "$__instantsearch_command"
          unset __instantsearch_command
        }
        autoload -Uz add-zsh-hook
        add-zsh-hook preexec __instantsearch_preexec
        add-zsh-hook precmd __instantsearch_precmd

        """#
}
