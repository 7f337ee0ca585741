;; The flood loop of flood-fill (see flood-kernel.ts for the buffer layout and glossary).
;; Assembled by `npm run build:wasm` into flood-kernel.wasm.ts; a unit test checks that the
;; committed bytes are this text's.
;;
;; flood(from, stop, base, row, queue) -> count
;;   from, stop  buffer indices (stop 0: flood the whole region)
;;   base        distance of `from`; values below base are "not reached"
;;   row         bytes per buffer row
;;   queue       byte address of the queue (dist starts at 0)
(module
  (import "env" "memory" (memory 1))
  (func (export "flood")
    (param $from i32) (param $stop i32) (param $base i32) (param $row i32) (param $queue i32)
    (result i32)
    (local $head i32) (local $tail i32) (local $layerEnd i32) (local $cur i32) (local $n i32) (local $nd i32)

    ;; dist[from] = base; queue[0] = from
    local.get $from  i32.const 2  i32.shl  local.get $base  i32.store
    local.get $queue  local.get $from  i32.store
    ;; head = queue; tail = layerEnd = queue + 4; nd = base + 1; stop in bytes
    local.get $queue  local.set $head
    local.get $queue  i32.const 4  i32.add  local.tee $tail  local.set $layerEnd
    local.get $base  i32.const 1  i32.add  local.set $nd
    local.get $stop  i32.const 2  i32.shl  local.set $stop

    block $done
      loop $next
        ;; A layer done: stop when the queue is empty or the stop pixel is reached (signed,
        ;; so the border's -1 keeps a whole flood going); else one step further.
        local.get $head  local.get $layerEnd  i32.eq
        if
          local.get $head  local.get $tail  i32.eq  br_if $done
          local.get $stop  i32.load  local.get $base  i32.ge_s  br_if $done
          local.get $tail  local.set $layerEnd
          local.get $nd  i32.const 1  i32.add  local.set $nd
        end
        ;; cur = queue[head] in bytes; head += 4
        local.get $head  i32.load  i32.const 2  i32.shl  local.set $cur
        local.get $head  i32.const 4  i32.add  local.set $head

        ;; The four neighbours: right, left, below, above. Each one not reached yet
        ;; (value <u base: blocked -1 is the largest unsigned value) gets nd and is queued.
        local.get $cur  i32.const 4  i32.add  local.tee $n
        i32.load  local.get $base  i32.lt_u
        if
          local.get $n  local.get $nd  i32.store
          local.get $tail  local.get $n  i32.const 2  i32.shr_u  i32.store
          local.get $tail  i32.const 4  i32.add  local.set $tail
        end

        local.get $cur  i32.const -4  i32.add  local.tee $n
        i32.load  local.get $base  i32.lt_u
        if
          local.get $n  local.get $nd  i32.store
          local.get $tail  local.get $n  i32.const 2  i32.shr_u  i32.store
          local.get $tail  i32.const 4  i32.add  local.set $tail
        end

        local.get $cur  local.get $row  i32.add  local.tee $n
        i32.load  local.get $base  i32.lt_u
        if
          local.get $n  local.get $nd  i32.store
          local.get $tail  local.get $n  i32.const 2  i32.shr_u  i32.store
          local.get $tail  i32.const 4  i32.add  local.set $tail
        end

        local.get $cur  i32.const 0  local.get $row  i32.sub  i32.add  local.tee $n
        i32.load  local.get $base  i32.lt_u
        if
          local.get $n  local.get $nd  i32.store
          local.get $tail  local.get $n  i32.const 2  i32.shr_u  i32.store
          local.get $tail  i32.const 4  i32.add  local.set $tail
        end

        br $next
      end
    end
    ;; the count: (tail - queue) / 4
    local.get $tail  local.get $queue  i32.sub  i32.const 2  i32.shr_u
  )
)
