/// The fish part: key bindings, `**` completion on Tab, and the command log from the
/// fish_preexec / fish_postexec events.
enum FishScript {
    static let text = #"""
        status is-interactive; or exit 0
        set -g __instantsearch_log_file (set -q XDG_STATE_HOME; and echo $XDG_STATE_HOME; or echo $HOME/.local/state)/instantsearch/history.fish
        # Where Ctrl-R's Shift-Delete hands this shell the commands it deleted (each ended by NUL).
        set -g __instantsearch_deleted_file (path dirname -- $__instantsearch_log_file)/deleted.$fish_pid

        # Runs instantsearch with the key's own options added to the default ones ($argv[1]: the variable's name),
        # on the compact screen (two rows around the list, as fzf's); --no-compact in them turns it off.
        function __instantsearch_run
            set -l extra_name $argv[1]
            set -l extra
            set -q $extra_name; and set extra $$extra_name
            set -l height 40%
            set -q INSTANTSEARCH_HEIGHT; and set height $INSTANTSEARCH_HEIGHT
            INSTANTSEARCH_DEFAULT_OPTS="--compact $INSTANTSEARCH_DEFAULT_OPTS $extra" command instantsearch --height=$height --min-height=27 $argv[2..-1]
        end

        # --query=TEXT, or no word at all for no text (an empty --query= is refused).
        function __instantsearch_query
            test -n "$argv[1]"; and printf '%s\n' "--query=$argv[1]"
        end

        # The picked paths, one an item (split at NUL: a name may hold a line end). Under . a
        # name starting with - comes as ./-name, so that a command does not read it as an option.
        function __instantsearch_select_files -a root query
            test -n "$root"; or set root .
            set -l picked
            if set -q INSTANTSEARCH_CTRL_T_COMMAND; and test "$root" = .
                set picked (eval $INSTANTSEARCH_CTRL_T_COMMAND | __instantsearch_run INSTANTSEARCH_CTRL_T_OPTS --multi --print0 --stdin-name=files (__instantsearch_query $query) | string split0)
            else
                set picked (__instantsearch_run INSTANTSEARCH_CTRL_T_OPTS --source=files --walker-root=$root --multi --print0 (__instantsearch_query $query) | string split0)
            end
            for item in $picked
                test "$root" = .; and string match -q -- '-*' $item; and set item ./$item
                printf '%s\0' $item
            end
        end

        function instantsearch-file-widget
            set -l picked (__instantsearch_select_files | string split0)
            test (count $picked) -gt 0; and commandline -i -- (string join ' ' -- (string escape -- $picked))' '
            commandline -f repaint
        end

        function instantsearch-history-widget
            set -l args --source=history --shell=fish --expect=ctrl-o --history-deleted=$__instantsearch_deleted_file (__instantsearch_query (commandline))
            set -q __instantsearch_session; and set -a args --shell-session=$__instantsearch_session
            # fish's file for this session: $fish_history names it (empty: none kept).
            set -l name fish
            set -q fish_history; and set name $fish_history
            set -l file (set -q XDG_DATA_HOME; and echo $XDG_DATA_HOME; or echo $HOME/.local/share)/fish/{$name}_history
            test -f $file; and set -a args --shell-history=$file
            set -l output (__instantsearch_run INSTANTSEARCH_CTRL_R_OPTS $args)
            # What Shift-Delete deleted goes from fish's memory and file too (fish rewrites its file, now).
            if test -s $__instantsearch_deleted_file
                for deleted in (string split0 <$__instantsearch_deleted_file)
                    builtin history delete --exact --case-sensitive -- $deleted
                end
                builtin history save
                command rm -f -- $__instantsearch_deleted_file
            end
            if test (count $output) -gt 1
                commandline -r -- (string join \n -- $output[2..-1])
                test "$output[1]" = ctrl-o; and commandline -f execute
            end
            commandline -f repaint
        end

        function instantsearch-cd-widget
            set -l dir (__instantsearch_run INSTANTSEARCH_ALT_C_OPTS --source=dirs)
            # cd here, in the shell itself (a function's cd is the shell's), then draw the prompt anew.
            test -n "$dir"; and builtin cd -- $dir
            commandline -f repaint
        end

        # **<Tab>: the word before ** chooses where to start; otherwise Tab completes as it did.
        # Hosts from ssh's configuration, known_hosts and /etc/hosts; none starting with "-",
        # which ssh would take for an option (-oProxyCommand=...).
        function __instantsearch_hosts
            begin
                command cat $HOME/.ssh/config /etc/ssh/ssh_config 2>/dev/null | command awk 'tolower($1) == "host" { for (i = 2; i <= NF; i++) if ($i !~ /[*?!]/) print $i }'
                command awk '{ n = split($1, names, ","); for (i = 1; i <= n; i++) { h = names[i]; if (h ~ /^[|@]/) continue;
                  sub(/^\[/, "", h); sub(/\]:.*$/, "", h); print h } }' $HOME/.ssh/known_hosts 2>/dev/null
                command awk '$1 !~ /^#/ { for (i = 2; i <= NF; i++) { if ($i ~ /^#/) break; print $i } }' /etc/hosts 2>/dev/null
            end | command awk '!/^-/' | command sort -u
        end

        function instantsearch-completion
            set -l token (commandline -t)
            set -l words (commandline -o)
            if not string match -q -- '*\*\*' $token; or test (count $words) -lt 2
                commandline -f complete
                return
            end
            set -l base (string replace -r -- '\*\*$' '' $token)
            set -l items
            switch $words[1]
                case kill
                    set items (command ps -eo pid,user,args | command sed 1d | __instantsearch_run INSTANTSEARCH_COMPLETION_OPTS --multi --stdin-name=processes (__instantsearch_query $base) | command awk '{ print $1 }')
                case ssh scp sftp telnet mosh
                    set items (__instantsearch_hosts | __instantsearch_run INSTANTSEARCH_COMPLETION_OPTS --stdin-name=hosts (__instantsearch_query $base))
                case '*'
                    set -l root .
                    set -l query
                    if test -z "$base"
                        set root .
                    else if test -d "$base"
                        set root $base
                    else
                        set root (string replace -r -- '/[^/]*$' '' $base)
                        test "$root" = "$base"; and set root .
                        set query (string replace -r -- '.*/' '' $base)
                    end
                    for item in (__instantsearch_select_files $root $query | string split0)
                        test "$root" = .; and set -a items $item; or set -a items (string trim -r -c / -- $root)/$item
                    end
                    set items (string escape -- $items)
            end
            if test (count $items) -gt 0
                commandline -t -- (string join ' ' -- $items)' '
            end
            commandline -f repaint
        end

        for mode in default insert
            bind -M $mode \ct instantsearch-file-widget
            bind -M $mode \cr instantsearch-history-widget
            bind -M $mode \ec instantsearch-cd-widget
            bind -M $mode \t instantsearch-completion
        end

        # The command log: the folder a command ran in, its status, the machine and this session
        # (PID:STARTSECONDS, the start being the first command's time).
        function __instantsearch_preexec --on-event fish_preexec
            set -g __instantsearch_command_dir $PWD
        end
        function __instantsearch_postexec --on-event fish_postexec
            set -l exit_status $status
            string length -q -- (string trim -- "$argv[1]"); or return
            set -q __instantsearch_command_dir[1]; or set -g __instantsearch_command_dir $PWD
            set -l dir (string replace -a -- '\\' '\\\\' $__instantsearch_command_dir | string replace -a \t '\t')
            set -l command (string replace -a -- '\\' '\\\\' $argv[1] | string replace -a \t '\t')
            set -l folder (path dirname -- $__instantsearch_log_file)
            test -d $folder; or command mkdir -p -- $folder 2>/dev/null; or return
            # The time without running date: a file written now has now as its modification time.
            echo >$__instantsearch_log_file.clock; or return
            set -l now (path mtime -- $__instantsearch_log_file.clock)
            set -q __instantsearch_session; or set -g __instantsearch_session $fish_pid:$now
            printf '%s\t%s\t%s\t%s\t%s\t%s\n' $now $exit_status "$(string join '\n' -- $dir)" "$(string replace -a \t '' -- $hostname)" \
                "$__instantsearch_session" "$(string join '\n' -- $command)" >>$__instantsearch_log_file
        end

        """#
}
