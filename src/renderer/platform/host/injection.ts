import type { InjectionKey } from 'vue'
import type { WalkboxHost } from '../../../shared/host-methods'

/** Vue injection key for the host the editor runs in. */
export const HOST_INJECTION: InjectionKey<WalkboxHost> = Symbol('walkbox-host')
