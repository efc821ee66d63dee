import { m } from '@/paraglide/messages'
import { addValidationMessages } from '@/lib/validation-messages'

// The contract's words for the complaint's own rules, which its forms check before sending.
addValidationMessages({
  validation_complaint_target: m.validation_complaint_target,
  validation_complaint_no_remedy: m.validation_complaint_no_remedy,
  validation_too_many_photos: m.validation_too_many_photos,
})
