/// What the bash and zsh scripts share: the sources' command lines, the process and host
/// lists, the `**` completion's choice of source, and the command log's line.
enum PosixHelpers {
    static let text = #"""
        __instantsearch_log_file=${XDG_STATE_HOME:-$HOME/.local/state}/instantsearch/history.${__instantsearch_shell}
        # Where Ctrl-R's Shift-Delete hands this shell the commands it deleted (each ended by NUL).
        __instantsearch_deleted_file=${__instantsearch_log_file%/*}/deleted.$$

        # Runs instantsearch with the key's own options added to the default ones ($1: the variable's name).
        # 40% of the terminal, at least 27 rows (fzf's keys take at least 20 list rows), on the compact
        # screen (two rows around the list, as fzf's); --no-compact in the key's options turns it off.
        __instantsearch_run() {
          local extra_name=$1
          shift
          local extra
          eval "extra=\${$extra_name:-}"
          INSTANTSEARCH_DEFAULT_OPTS="--compact ${INSTANTSEARCH_DEFAULT_OPTS:-} $extra" \
            command instantsearch --height="${INSTANTSEARCH_HEIGHT:-40%}" --min-height=27 "$@"
        }

        # The picked paths, each ending in NUL (a name may hold a line end): the walker from $1
        # (default .), or INSTANTSEARCH_CTRL_T_COMMAND's lines. Under . a name starting with -
        # comes as ./-name, so that the command it is given to does not read it as an option.
        __instantsearch_select_files() {
          local root=${1:-.} query=${2:-} item
          if [ -n "${INSTANTSEARCH_CTRL_T_COMMAND:-}" ] && [ "$root" = . ]; then
            eval "$INSTANTSEARCH_CTRL_T_COMMAND" | __instantsearch_run INSTANTSEARCH_CTRL_T_OPTS --multi --print0 --stdin-name=files ${query:+"--query=$query"}
          else
            __instantsearch_run INSTANTSEARCH_CTRL_T_OPTS --source=files --walker-root="$root" --multi --print0 ${query:+"--query=$query"}
          fi | while IFS= read -r -d '' item; do
            case $root/$item in ./-*) item=./$item ;; esac
            printf '%s\0' "$item"
          done
        }

        __instantsearch_select_dir() {
          __instantsearch_run INSTANTSEARCH_ALT_C_OPTS --source=dirs ${1:+"--query=$1"}
        }

        # The picked processes' ids.
        __instantsearch_select_pids() {
          command ps -eo pid,user,args | command sed 1d |
            __instantsearch_run INSTANTSEARCH_COMPLETION_OPTS --multi --stdin-name=processes ${1:+"--query=$1"} |
            command awk '{ print $1 }'
        }

        # Hosts from ssh's configuration, known_hosts and /etc/hosts; none starting with "-",
        # which ssh would take for an option (-oProxyCommand=...).
        __instantsearch_hosts() {
          {
            command cat "$HOME/.ssh/config" /etc/ssh/ssh_config 2>/dev/null |
              command awk 'tolower($1) == "host" { for (i = 2; i <= NF; i++) if ($i !~ /[*?!]/) print $i }'
            command awk '{ n = split($1, names, ","); for (i = 1; i <= n; i++) { h = names[i]; if (h ~ /^[|@]/) continue;
              sub(/^\[/, "", h); sub(/\]:.*$/, "", h); print h } }' "$HOME/.ssh/known_hosts" 2>/dev/null
            command awk '$1 !~ /^#/ { for (i = 2; i <= NF; i++) { if ($i ~ /^#/) break; print $i } }' /etc/hosts 2>/dev/null
          } | command awk '!/^-/' | command sort -u
        }

        __instantsearch_select_hosts() {
          __instantsearch_hosts | __instantsearch_run INSTANTSEARCH_COMPLETION_OPTS --stdin-name=hosts ${1:+"--query=$1"}
        }

        # ** completion: what replaces the word "$2**" typed after the command $1, each item
        # ending in NUL.
        __instantsearch_complete_items() {
          local command=$1 base=$2 root query item
          case $command in
            kill) __instantsearch_select_pids "$base" | command tr '\n' '\0'; return ;;
            ssh|scp|sftp|telnet|mosh) __instantsearch_select_hosts "$base" | command tr '\n' '\0'; return ;;
          esac
          # "dir/" walks dir; "dir/part" walks dir with the query part; "part" walks . with it.
          if [ -z "$base" ]; then root=. query=
          elif [ -d "$base" ]; then root=$base query=
          else
            root=${base%/*} query=${base##*/}
            [ "$root" = "$base" ] && root=.
            [ -d "$root" ] || return 1
          fi
          __instantsearch_select_files "$root" "$query" | while IFS= read -r -d '' item; do
            if [ "$root" = . ]; then printf '%s\0' "$item"; else printf '%s/%s\0' "${root%/}" "$item"; fi
          done
        }

        # One line of the command log: SECONDS TAB STATUS TAB FOLDER TAB HOST TAB SESSION TAB COMMAND,
        # with \ \n \t escaped (the session: this shell's PID:STARTSECONDS).
        __instantsearch_log_line() {
          local now=$1 exit_status=$2 dir=$3 command=$4 backslash='\' newline='
        ' tab='	'
          dir=${dir//"$backslash"/\\\\} dir=${dir//"$newline"/\\n} dir=${dir//"$tab"/\\t}
          command=${command//"$backslash"/\\\\} command=${command//"$newline"/\\n} command=${command//"$tab"/\\t}
          [ -d "${__instantsearch_log_file%/*}" ] || command mkdir -p "${__instantsearch_log_file%/*}" 2>/dev/null
          printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$now" "$exit_status" "$dir" "${__instantsearch_host//"$tab"/}" \
            "$__instantsearch_session" "$command" >>"$__instantsearch_log_file" 2>/dev/null
        }

        """#
}
