; count r3 up to 10
        mov r3, r0 valid_num=BITS32 dtype=INT32 src_mode=IMMEDIATE
loop:   alu.add r3, r3, r0 dtype=INT32 src_datasrc=IMMEDIATE immediate=1
        br.IS_LTIMM r3, loop cmp_immediate=10 dtype=INT32 target_mode=REL_IMM
        exit
